/*
 * Text is text: every plain-text find, replace and rewrite treats each ASCII
 * punctuation character as itself. With the `u` flag an escape of a
 * non-syntax character (`\-`) is an error, so escaping too much broke every
 * host with a hyphen (issue 27).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rewriteUrls } from './rewrite-option';
import { UrlRows } from '../core/rows/rows';
import { emptySet } from '../core/read/sitemap-set';
import { compileReplace, escapeRegExp } from '../core/edit/bulk';
import { originRewrite, planRewrite } from '../core/edit/rewrite-urls';
import { URL_FIELD_GROUPS } from '../core/edit/url-field-groups';

const PUNCTUATION = [...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'];
const text = fc.string({ unit: fc.constantFrom(...PUNCTUATION, 'a', 'b', 'Z', '0', ' ') });
const nonEmpty = text.filter((s) => s !== '');
const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,8}[a-z0-9])?$/);
const host = fc.array(label, { minLength: 1, maxLength: 3 }).map((ls) => [...ls, 'example'].join('.'));
/** A path of any URL-legal punctuation. */
const path = fc.string({ unit: fc.constantFrom(..."-._~!$&'()*+,;=:@/?#%", 'a', 'Q', '9') });

describe('plain text under the u flag', () => {
  it('escapes every ASCII punctuation character into a valid literal pattern', () => {
    for (const ch of PUNCTUATION) {
      const re = new RegExp(escapeRegExp(ch), 'gu');
      expect(`x${ch}y${ch}`.replace(re, '_')).toBe('x_y_');
    }
  });

  it('find & replace replaces each occurrence literally, whatever the punctuation', () => {
    fc.assert(
      fc.property(nonEmpty, text, text, text, (find, replace, before, after) => {
        const r = compileReplace({ find, replace, regex: false, caseSensitive: true });
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const subject = before + find + after;
        expect(r.apply(subject)).toBe(subject.split(find).join(replace));
      }),
    );
  });

  it('Move to another origin works between hyphenated hosts and keeps any path', () => {
    fc.assert(
      fc.property(host, host, path, (a, b, rest) => {
        fc.pre(a !== b);
        const move = originRewrite(`https://${a}`, `https://${b}`);
        expect(move.ok).toBe(true);
        if (!move.ok) return;
        const r = compileReplace(move.options);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(r.apply(`https://${a}/${rest}`)).toBe(`https://${b}/${rest}`);
        // A host that only starts like the old one stays.
        expect(r.apply(`https://${a}-x.example/${rest}`)).toBe(`https://${a}-x.example/${rest}`);
      }),
    );
  });

  it('--rewrite moves every URL field between hyphenated hosts, and prefixes with any punctuation', () => {
    fc.assert(
      fc.property(host, host, path, (a, b, rest) => {
        fc.pre(a !== b);
        const set = emptySet();
        set.rows = new UrlRows();
        const loc = `https://${a}/${rest}`;
        set.rows.push({
          loc,
          lastmod: '',
          changefreq: '',
          priority: '',
          ext: [
            {
              ns: 'http://www.google.com/schemas/sitemap-image/1.1',
              name: 'image',
              prefix: 'image',
              attrs: [],
              children: [
                {
                  ns: 'http://www.google.com/schemas/sitemap-image/1.1',
                  name: 'loc',
                  prefix: 'image',
                  attrs: [],
                  children: [`https://${a}/i.png`],
                },
              ],
            },
          ],
        });
        rewriteUrls(set, `https://${a}=https://${b}`);
        const row = set.rows.get(0);
        expect(row.loc).toBe(`https://${b}/${rest}`);
        expect(JSON.stringify(row.ext)).not.toContain(`//${a}/`);
        // A prefix rewrite (with a path) is literal too; its FROM ends at the first "=".
        fc.pre(!rest.includes('='));
        rewriteUrls(set, `https://${b}/${rest}x=https://${a}/q`);
        expect(set.rows.get(0).loc).toBe(`https://${b}/${rest}`);
        rewriteUrls(set, `https://${b}/=https://${a}/$&-/`);
        expect(set.rows.get(0).loc).toBe(`https://${a}/$&-/${rest}`);
      }),
      { numRuns: 60 },
    );
  });

  it('plans a find over every URL field with punctuation in the text', () => {
    fc.assert(
      fc.property(nonEmpty, (find) => {
        const rows = new UrlRows();
        rows.push({ loc: `https://e.example/${find}`, lastmod: '', changefreq: '', priority: '', ext: [] });
        const r = compileReplace({
          find,
          replace: 'z',
          regex: false,
          caseSensitive: false,
          fields: URL_FIELD_GROUPS.slice(),
        });
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const plan = planRewrite(rows, [0], r.apply, new Set(URL_FIELD_GROUPS), 1);
        expect(plan.cells[0]?.after ?? rows.loc.get(0)).toBe(`https://e.example/${find}`.split(find).join('z'));
      }),
    );
  });
});
