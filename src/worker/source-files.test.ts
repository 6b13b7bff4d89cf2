import { describe, expect, it } from 'vitest';
import { SourceFiles } from './source-files';

const file = (name: string, text: string) => new File([text], name);

describe('SourceFiles', () => {
  it('reads the lines of the latest file of a name, and none once forgotten', async () => {
    const files = new SourceFiles();
    files.remember([file('a.xml', 'one\ntwo\nthree'), file('b.xml', 'b1\nb2')], false);
    expect(await files.lines('b.xml', 2, 1)).toEqual({ first: 1, lines: ['b1', 'b2'], line: 2, offsets: [0, 0] });
    files.remember([file('a.xml', 'new one\nnew two')], true);
    expect(await files.lines('a.xml', 1, 1)).toEqual({
      first: 1,
      lines: ['new one', 'new two'],
      line: 1,
      offsets: [0, 0],
    });
    // A new document forgets the files of the one before.
    files.remember([file('c.xml', 'c')], false);
    expect(await files.lines('b.xml', 1, 1)).toBe(null);
    files.forget();
    expect(await files.lines('c.xml', 1, 1)).toBe(null);
  });
});
