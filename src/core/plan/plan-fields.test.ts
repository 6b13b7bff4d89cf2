import { describe, expect, it } from 'vitest';
import { isEmptyPlan, patchedPlan, samePlan, statusKey, statusLabel, storedStatus, EMPTY_PLAN } from './plan-fields';

describe('plan fields', () => {
  it('compares statuses by a key: case, spaces, _ and - aside; live is the empty status', () => {
    expect(['To remove', 'to_remove', ' TO-REMOVE ', 'to  remove'].map(statusKey)).toEqual(Array(4).fill('to-remove'));
    expect(statusKey('Live')).toBe('');
    expect(statusKey('In review')).toBe('in-review');
  });

  it('stores the built-in statuses by key and a custom one as typed', () => {
    expect(storedStatus('Planned')).toBe('planned');
    expect(storedStatus('to redirect')).toBe('to-redirect');
    expect(storedStatus('LIVE')).toBe('');
    expect(storedStatus('  In review ')).toBe('In review');
    expect(storedStatus('x'.repeat(100))).toHaveLength(40);
    expect(['', 'planned', 'to-remove', 'to-redirect', 'In review'].map(statusLabel)).toEqual([
      'Live',
      'Planned',
      'To remove',
      'To redirect',
      'In review',
    ]);
  });

  it('patches a plan field by field, cleaned, and is no plan once every field is empty', () => {
    const p = patchedPlan(undefined, {
      status: 'Planned',
      notes: 'Write it\nby May',
      owner: '  Ana ',
      color: '#2563EB',
    });
    expect(p).toEqual({ status: 'planned', notes: 'Write it\nby May', owner: 'Ana', color: '#2563eb', title: '' });
    expect(patchedPlan(p, { color: 'red' })?.color).toBe('');
    expect(patchedPlan(p, { title: ' Pricing ' })?.title).toBe('Pricing');
    expect(patchedPlan(p, { status: 'live', notes: '', owner: '', color: '' })).toBeUndefined();
    expect(patchedPlan(undefined, { notes: 'n'.repeat(5000) })?.notes).toHaveLength(4000);
    expect(isEmptyPlan(EMPTY_PLAN)).toBe(true);
    expect(samePlan(undefined, EMPTY_PLAN)).toBe(true);
    expect(samePlan(p, { ...(p as NonNullable<typeof p>), owner: 'Bo' })).toBe(false);
  });
});
