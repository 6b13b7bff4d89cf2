/**
 * The export's floors: the bytes of N URLs' files written with none of the
 * XML work (no values read, escaped or measured), so the figures say how far
 * our writer is from what copying and compressing alone cost. Inputs are the
 * data set's own files, cut into their entries beforehand (untimed).
 */
import { nodeGzipAsync } from '../src/cli/node-gzip';
import { storedMember } from '../src/core/write/gzip-member';
import { writeZip, type ZipMember } from '../src/core/write/zip-writer';
import type { ExportOutcome } from './peers-export';
import type { Input } from './peers-parse';

/** One file as pieces: its header, each `<url>` entry, its footer (views into the input). */
export type Pieces = Uint8Array[];

const URL_OPEN = Buffer.from('<url>');

/** Cuts each file at its `<url>` start tags (untimed preparation). */
export function piecesOf(inputs: Input[]): Pieces[] {
  return inputs.map((f) => {
    const b = Buffer.from(f.bytes.buffer, f.bytes.byteOffset, f.bytes.length);
    const pieces: Pieces = [];
    let last = 0;
    for (let i = b.indexOf(URL_OPEN); i !== -1; i = b.indexOf(URL_OPEN, i + 1)) {
      pieces.push(f.bytes.subarray(last, i));
      last = i;
    }
    const footer = b.lastIndexOf('</urlset>');
    pieces.push(f.bytes.subarray(last, footer), f.bytes.subarray(footer));
    return pieces;
  });
}

function join(pieces: Pieces): Uint8Array {
  let n = 0;
  for (const p of pieces) n += p.length;
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The plain-concat floor: every file's bytes joined into a new buffer, piece by piece. */
export function concatFloor(files: Pieces[]): ExportOutcome {
  const outputs = files.map(join);
  return { outputs, bytes: outputs.reduce((n, o) => n + o.length, 0), files: outputs.length, keep: outputs };
}

/** The same, each file gzipped on zlib's pool as soon as it is joined, then all stored in one zip. */
export async function concatGzipFloor(files: Pieces[]): Promise<ExportOutcome> {
  const pending = files.map((pieces, i) => {
    const raw = join(pieces);
    return nodeGzipAsync(raw).then((gz) => ({ name: `sitemap-${i + 1}.xml.gz`, gz, size: raw.length }));
  });
  const done = await Promise.all(pending);
  const members: ZipMember[] = done.map((d) => storedMember(d.name, d.gz));
  const zip = writeZip(members);
  // The zip is the output; its members are the gzips, counted by the cross-check.
  return { outputs: done.map((d) => d.gz), bytes: zip.length, files: done.length, keep: zip };
}
