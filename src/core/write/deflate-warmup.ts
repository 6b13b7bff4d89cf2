/*
 * The export's first files paid for a cold engine: measured in Node on a
 * 9 MB sitemap of 50,000 URLs, fast-deflate's first call took 256 ms of CPU
 * and settled near 60 ms only by the fourth, while the engine interpreted the
 * hot loops and then compiled them. In the browser the first export after an
 * import always paid it, which is why the default options (the first export
 * the benchmark runs) measured slower than gzip checked with the same work.
 * A helper deflates this sample a few times as it starts, long before a
 * download, so the real files find the loops compiled.
 */
import { fastGzip } from './fast-deflate';

/** Entries in the sample: past one deflate block's tokens, so the block-full path is compiled too. */
const ENTRIES = 2400;
/** Rounds over the sample: enough for the optimizing tier, a few ms once it is there. */
const ROUNDS = 6;

/**
 * Sitemap XML shaped like an export's (long shared prefixes, varying ids and
 * dates, an image extension now and then; schema-valid), the same bytes every time.
 */
export function warmUpSample(entries = ENTRIES): Uint8Array {
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n',
  ];
  for (let i = 0; i < entries; i++) {
    const id = (i * 7919) % 100_003;
    const extra =
      i % 5 === 0
        ? `\n    <image:image><image:loc>https://cdn.example.com/img/${id}.jpg</image:loc></image:image>`
        : '';
    parts.push(
      `  <url>\n    <loc>https://www.example.com/section-${i % 37}/item-${id}?ref=${i % 17}</loc>\n    <lastmod>2024-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}</lastmod>${extra}\n  </url>\n`,
    );
  }
  parts.push('</urlset>\n');
  return new TextEncoder().encode(parts.join(''));
}

/**
 * Deflates {@link warmUpSample} `rounds` times with the export's gzip, so that
 * the engine compiles its loops before the first real file; returns the
 * gzipped sample's size (the same every time: the deflate is deterministic).
 */
export function warmUpDeflate(rounds = ROUNDS): number {
  const sample = warmUpSample();
  let size = 0;
  for (let r = 0; r < rounds; r++) size = fastGzip(sample).length;
  return size;
}
