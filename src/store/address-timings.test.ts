import { describe, expect, it } from 'vitest';
import { hangTimeoutFromAddress, saveDelayFromAddress } from './address-timings';

describe('saveDelayFromAddress', () => {
  it('reads whole milliseconds from ?save-delay=', () => {
    expect(saveDelayFromAddress('?save-delay=5000')).toBe(5000);
    expect(saveDelayFromAddress('?a=1&save-delay=0')).toBe(0);
  });

  it('keeps the default for anything else', () => {
    expect(saveDelayFromAddress('')).toBeUndefined();
    expect(saveDelayFromAddress(undefined)).toBeUndefined();
    expect(saveDelayFromAddress('?save-delay=')).toBeUndefined();
    expect(saveDelayFromAddress('?save-delay=-1')).toBeUndefined();
    expect(saveDelayFromAddress('?save-delay=1e3')).toBeUndefined();
    expect(saveDelayFromAddress('?save-delay=99999999')).toBeUndefined();
  });

  it('reads ?hang-timeout= the same way', () => {
    expect(hangTimeoutFromAddress('?test-hooks&hang-timeout=2000')).toBe(2000);
    expect(hangTimeoutFromAddress('?save-delay=2000')).toBeUndefined();
    expect(hangTimeoutFromAddress('?hang-timeout=2s')).toBeUndefined();
  });
});
