import { describe, expect, it } from 'vitest';
import { Session } from './session';
import { importFiles } from '../core/read/import-files';

const enc = new TextEncoder();

function sessionOf(lines: string[]): Session {
  const s = new Session();
  s.importSet(importFiles([{ name: 'urls.txt', bytes: enc.encode(lines.join('\n') + '\n') }]), false);
  return s;
}

const fields = (s: Session) => s.rows(0, 3).map((r) => [r.loc, r.lastmod, r.priority]);

describe('Session: block paste and several fields at once', () => {
  it('pastes a block of two columns into the view from a row, as one undo step', () => {
    const s = sessionOf(['https://a.com/1', 'https://a.com/2', 'https://a.com/3']);
    const out = s.bulk.pasteBlock(1, [
      { field: 'lastmod', values: ['2024-01-02', '2024-01-03'] },
      { field: 'priority', values: ['0.4', 'x'] },
    ]);
    expect(out.changed).toBe(4);
    expect(out.history.undoLabel).toBe('Paste lastmod, priority (4 cells)');
    expect(fields(s)).toEqual([
      ['https://a.com/1', '', ''],
      ['https://a.com/2', '2024-01-02', '0.4'],
      ['https://a.com/3', '2024-01-03', 'x'],
    ]);
    // The invalid value is kept, as an edit keeps it, and flagged by the check.
    expect(out.summary.byCode['priority-format']).toBe(1);
    s.undo();
    expect(fields(s)).toEqual([
      ['https://a.com/1', '', ''],
      ['https://a.com/2', '', ''],
      ['https://a.com/3', '', ''],
    ]);
    expect(s.history.size.undo).toBe(0);
  });

  it('sets changefreq, priority and lastmod in one step, refusing an invalid value before any change', () => {
    const s = sessionOf(['https://a.com/1', 'https://a.com/2', 'https://a.com/3']);
    const ids = s.viewIds();
    const out = s.bulk.setFields(
      { kind: 'ids', ids: [ids[0] as number, ids[2] as number] },
      { changefreq: 'daily', priority: '0.8', lastmod: '2024-05-08' },
      false,
    );
    expect(out.changed).toBe(6);
    expect(out.history.undoLabel).toBe('Set changefreq to daily, priority to 0.8, lastmod to 2024-05-08 (6 cells)');
    expect(s.rows(0, 3).map((r) => [r.changefreq, r.priority, r.lastmod])).toEqual([
      ['daily', '0.8', '2024-05-08'],
      ['', '', ''],
      ['daily', '0.8', '2024-05-08'],
    ]);
    expect(() => s.bulk.setFields({ kind: 'view' }, { changefreq: 'weekly', priority: '2' }, false)).toThrow(
      '"2" is not a priority from 0.0 to 1.0.',
    );
    expect(s.rows(1, 2)[0]?.changefreq).toBe('');
    s.undo();
    expect(s.rows(0, 3).map((r) => [r.changefreq, r.priority, r.lastmod])).toEqual([
      ['', '', ''],
      ['', '', ''],
      ['', '', ''],
    ]);
  });
});
