import { describeMerge, describeMoved } from '../fix/merge-report';
import type { StreamDuplicates } from './stream-merge';
import { formatNumber } from '../text/format';

/**
 * What `stream --fix` (and the app's streaming path with fixes) did with
 * duplicates, in lines: the copies merged within a chunk (as export --fix
 * says it), the later copies written as entries of their own with the
 * elements only they had, and those left out.
 */
export function describeStreamDuplicates(d: StreamDuplicates | null): string[] {
  if (!d) return [];
  const { summary, details } = describeMerge(d.merged);
  const lines = summary ? [summary, ...details] : details;
  if (d.writtenApart > 0) {
    const one = d.writtenApart === 1;
    lines.push(
      `${copies(d.writtenApart)} of URLs written before ${one ? 'was written as an entry of its own with what only it had' : 'were written as entries of their own with what only they had'} (${describeMoved(d.writtenApartElements)}): a streamed file cannot merge into an entry already written, so ${one ? 'that URL appears' : 'those URLs appear'} more than once`,
    );
  }
  if (d.dropped > 0) {
    lines.push(
      `${copies(d.dropped)} of URLs written before ${d.dropped === 1 ? 'was' : 'were'} left out: every extension element ${d.dropped === 1 ? 'it' : 'they'} had was written with the URL already; ${d.dropped === 1 ? 'its' : 'their'} lastmod, changefreq and priority were not compared with those written`,
    );
  }
  if (d.identical > 0)
    lines.push(
      `${formatNumber(d.identical)} extension ${d.identical === 1 ? 'element' : 'elements'} of later copies already written with ${d.identical === 1 ? 'its' : 'their'} URL ${d.identical === 1 ? 'was' : 'were'} written once`,
    );
  return lines;
}

function copies(n: number): string {
  return `${formatNumber(n)} later ${n === 1 ? 'copy' : 'copies'}`;
}
