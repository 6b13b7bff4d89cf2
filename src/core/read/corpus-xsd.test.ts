import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, corpusFile, hasShared } from '../../../fixtures/helpers';
import { validateXsd } from '../../../fixtures/xsd';

interface Verdict {
  name: string;
  index: boolean;
  /** The README's xmllint column, as written. */
  xmllint: string;
}

/**
 * The corpus README records what `xmllint --nonet --schema` said of each file.
 * The schema tests now run on libxml2 compiled to WebAssembly instead of the
 * system binary, so it must accept and reject exactly the same files.
 */
function xmllintVerdicts(): Verdict[] {
  const readme = readFileSync(join(CORPUS_DIR, 'README.md'), 'utf8');
  const verdicts: Verdict[] = [];
  for (const line of readme.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const name = /^`([^`]+)`$/.exec(cells[1] ?? '')?.[1];
    const xmllint = cells[4] ?? '';
    // TXT files have no verdict ("–"); the robustness files are not XML.
    if (!name || !/^(valid|INVALID|NOT|xmllint)/.test(xmllint)) continue;
    verdicts.push({ name, index: /^(gzip → )?index/.test(cells[3] ?? ''), xmllint });
  }
  return verdicts;
}

const verdicts = hasShared ? xmllintVerdicts() : [];

describe.runIf(hasShared)("libxml2-wasm gives the corpus README's xmllint verdicts", () => {
  it('reads a verdict for every XML file of the corpus', () => {
    expect(verdicts.length).toBe(36);
    expect(verdicts.filter((v) => v.xmllint.startsWith('valid')).length).toBe(16);
  });

  it.each(verdicts)('$name: $xmllint', ({ name, index, xmllint }) => {
    const raw = corpusFile(name);
    const bytes = raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw) : raw;
    const result = validateXsd(bytes, index ? 'siteindex.xsd' : 'sitemap-all.xsd', name);
    if (xmllint.startsWith('valid')) expect(result).toEqual({ ok: true, errors: [] });
    else expect(result.ok, result.errors.join('\n')).toBe(false);
  });
});
