/*
 * The catalogues reach the page already parsed: each ICU message becomes its
 * syntax tree (FormatJS's AST, plain JSON) at build time, and the page's
 * bundle takes FormatJS's "no-parser" entry instead of the parser. Formatting
 * a tree needs no parser, no eval and no `new Function` (the Content Security
 * Policy forbids those anyway), and the page ships some kilobytes less. The
 * CLI and the tests read the catalogues as written and parse them at run time.
 */
import { readFile } from 'node:fs/promises';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const CATALOGUE = /[\\/]src[\\/]i18n[\\/]catalogues[\\/][\w-]+\.json$/;

/** A catalogue's messages as syntax trees; throws, naming the key, on a message that does not parse. */
export function precompileCatalogue(json: string, file: string): Record<string, unknown> {
  const messages = JSON.parse(json) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(messages)) {
    if (typeof message !== 'string') throw new Error(`${file}: ${key} is not a string`);
    try {
      out[key] = parse(message);
    } catch (err) {
      throw new Error(`${file}: ${key} is not an ICU message: ${(err as Error).message}`, { cause: err });
    }
  }
  return out;
}

export function precompileCataloguesPlugin(): Plugin {
  return {
    name: 'sitemap-editor:precompile-catalogues',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
          },
        ],
      },
    }),
    async load(id) {
      if (!CATALOGUE.test(id)) return null;
      const file = id.replace(/\?.*$/, '');
      const ast = precompileCatalogue(await readFile(file, 'utf8'), file);
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(ast))});`, moduleType: 'js' };
    },
  };
}
