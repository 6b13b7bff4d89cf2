import { describe, expect, it } from 'vitest';
import { fixture, forEachReader, readFiles } from '../../../fixtures/helpers';
import { mergeSets } from './merge-sets';

forEachReader(() => {
  describe('mergeSets', () => {
    it('appends files and rows with new ids, and resolves an index against files dropped later', () => {
      const set = readFiles([{ name: 'basic-index.xml', bytes: fixture('basic-index.xml') }]);
      expect(set.problems.filter((p) => p.code === 'index-child-missing')).toHaveLength(2);
      mergeSets(
        set,
        readFiles([
          { name: 'basic-urlset.xml', bytes: fixture('basic-urlset.xml') },
          { name: 'urls.txt', bytes: fixture('urls.txt') },
        ]),
      );
      expect(set.files.map((f) => f.name)).toEqual(['basic-index.xml', 'basic-urlset.xml', 'urls.txt']);
      expect(set.rows.length).toBe(7);
      expect(new Set(set.rows.id.subarray(0, 7)).size).toBe(7);
      expect(Array.from(set.rows.file.subarray(0, 7))).toEqual([1, 1, 1, 2, 2, 2, 2]);
      expect(set.sitemaps.map((s) => s.child)).toEqual([1, -1]);
      expect(set.problems.filter((p) => p.code === 'index-child-missing').map((p) => p.message)).toEqual([
        expect.stringContaining('missing-child.xml.gz'),
      ]);
    });
  });
});
