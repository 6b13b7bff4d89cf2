import { describe, expect, it } from 'vitest';
import { DEFAULT_STREAM_THRESHOLD, streamThreshold } from './stream-threshold';

describe('streamThreshold', () => {
  it('is 3,000,000 URLs when the browser says nothing of its memory', () => {
    expect(DEFAULT_STREAM_THRESHOLD).toBe(3_000_000);
    expect(streamThreshold({})).toEqual({ urls: 3_000_000, source: 'default' });
    expect(streamThreshold({ deviceMemory: 8 })).toEqual({ urls: 3_000_000, source: 'default' });
  });

  it('scales with the device memory, never below the 1,000,000 the table is built for', () => {
    expect(streamThreshold({ deviceMemory: 4 })).toEqual({ urls: 1_500_000, source: 'device-memory' });
    expect(streamThreshold({ deviceMemory: 0.5 })).toEqual({ urls: 1_000_000, source: 'device-memory' });
  });

  it('stays within the heap limit Chrome reports, at 250 bytes a URL', () => {
    expect(streamThreshold({ deviceMemory: 8, heapLimit: 500_000_000 })).toEqual({
      urls: 2_000_000,
      source: 'heap-limit',
    });
    expect(streamThreshold({ heapLimit: 4_294_705_152 })).toEqual({ urls: 3_000_000, source: 'default' });
  });

  it('takes ?stream-threshold=N from the page address (the browser tests’ hook), whole numbers only', () => {
    expect(streamThreshold({ search: '?stream-threshold=100', deviceMemory: 2 })).toEqual({
      urls: 100,
      source: 'address',
    });
    expect(streamThreshold({ search: '?stream-threshold=ten' })).toEqual({ urls: 3_000_000, source: 'default' });
  });
});
