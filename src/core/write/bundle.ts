import { deflatedMember, storedMember } from './gzip-member';
import { gzipFile } from './gzip';
import type { ExportResult } from './options';
import { writeZip, type ZipMember } from './zip-writer';

/** Name of the robots.txt member of a bundle. */
export const ROBOTS_TXT_NAME = 'robots.txt';

/** Gzips one file, possibly on another thread; may take over (detach) the buffer it is given. */
export type AsyncGzip = (raw: Uint8Array) => Promise<Uint8Array>;

/**
 * One zip holding every exported file and a `robots.txt` with the Sitemap
 * lines to copy. Deterministic: fixed member times, members in result order.
 * Gzipped members are stored (deflating them again only costs time); the
 * others are deflated by `gzip` (default fflate at level 6), whose stream is
 * cut out of the gzip (see {@link deflatedMember}).
 */
export function bundleZip(result: ExportResult, gzip: (raw: Uint8Array) => Uint8Array = gzipFile): Uint8Array {
  const members = result.files.map((f) =>
    isGzipped(f.name) ? storedMember(f.name, f.data) : deflatedMember(f.name, gzip(f.data), f.data.length),
  );
  return writeZip(withRobots(members, result));
}

/**
 * {@link bundleZip} with the plain members' gzips given: the ones an
 * {@link AsyncGzip} started while the export was still writing, so that
 * compression ran beside serialization. `gzips` is keyed by file name;
 * `crcs` holds the CRC-32 of stored files already known (by their bytes).
 */
export async function bundleZipOf(
  result: ExportResult,
  gzips: ReadonlyMap<string, Promise<Uint8Array>>,
  crcs?: ReadonlyMap<Uint8Array, number>,
): Promise<Uint8Array> {
  const members: ZipMember[] = [];
  for (const f of result.files) {
    const pending = gzips.get(f.name);
    if (isGzipped(f.name) || pending === undefined) members.push(storedMember(f.name, f.data, crcs?.get(f.data)));
    else members.push(deflatedMember(f.name, await pending, f.rawBytes));
  }
  return writeZip(withRobots(members, result));
}

function isGzipped(name: string): boolean {
  return name.endsWith('.gz');
}

/** The members with the export's assets (the stylesheet) and robots.txt after them. */
function withRobots(members: ZipMember[], { robotsTxt, assets }: ExportResult): ZipMember[] {
  // A few kilobytes: stored, since deflating them saves nothing worth a pass.
  for (const a of assets ?? []) members.push(storedMember(a.name, a.data));
  if (robotsTxt !== '') members.push(storedMember(ROBOTS_TXT_NAME, new TextEncoder().encode(robotsTxt)));
  return members;
}
