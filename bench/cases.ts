/** What is measured: the cases, shared by the runner and the measuring child process. */

export type Step = 'parse' | 'export';

export interface CaseDef {
  id: string;
  step: Step;
  label: string;
  /** Short name for the goals table. */
  short: string;
  /** 'ours' (goal subject), 'peer' (goal reference) or 'info' (reference only, no goal). */
  role: 'ours' | 'peer' | 'info';
  /** For a reference case: which of our cases does the same work (default: the step's 'ours' case). */
  vs?: string;
}

export const CASES: CaseDef[] = [
  { id: 'parse/ours', short: 'ours', step: 'parse', label: 'ours importFiles + checkSet', role: 'ours' },
  { id: 'parse/saxes', short: 'saxes', step: 'parse', label: 'saxes (parse only, count <url>)', role: 'peer' },
  { id: 'parse/fxp', short: 'fast-xml-parser', step: 'parse', label: 'fast-xml-parser XMLParser.parse', role: 'peer' },
  { id: 'parse/sitemap', short: 'sitemap', step: 'parse', label: 'sitemap parseSitemap', role: 'peer' },
  { id: 'parse/decode', short: 'TextDecoder', step: 'parse', label: 'TextDecoder only (in peers above)', role: 'info' },
  { id: 'parse/ours-gz', short: 'ours .gz', step: 'parse', label: 'ours import + check, .xml.gz inputs', role: 'info' },
  { id: 'parse/saxes-gz', short: 'gunzip+saxes', step: 'parse', label: 'zlib gunzip + saxes, .xml.gz inputs', role: 'info', vs: 'parse/ours-gz' },
  { id: 'parse/lines', short: 'one file, new lines', step: 'parse', label: 'ours import + check, N in one file, a <url> a line', role: 'info' },
  { id: 'parse/one-line', short: 'one file, one line', step: 'parse', label: 'ours import + check, the same file on one line', role: 'info', vs: 'parse/lines' },
  { id: 'export/ours', short: 'ours', step: 'export', label: 'ours exportSitemaps(gzip) + bundleZip', role: 'ours' },
  { id: 'export/sitemap-whole', short: 'sitemap (gzip per file)', step: 'export', label: 'sitemap AndIndexStream, gzip per file', role: 'peer' },
  { id: 'export/sitemap-createGzip', short: 'sitemap (createGzip)', step: 'export', label: 'sitemap AndIndexStream | createGzip', role: 'peer' },
  { id: 'export/ours-xml', short: 'ours no gzip', step: 'export', label: 'ours exportSitemaps, no gzip', role: 'info' },
  { id: 'export/fxp-builder', short: 'XMLBuilder', step: 'export', label: 'fast-xml-parser XMLBuilder (no gzip)', role: 'info', vs: 'export/ours-xml' },
];

/** Figures of one run of one case (bytes and milliseconds). */
export interface RunFigures {
  ms: number;
  peakHeap: number;
  peakRss: number;
  /** Heap + external still held after a full GC with the result alive, above the start; parse cases. */
  retained?: number;
  /** URLs the case reports it parsed or wrote (cross-checked against N); -1 when not applicable. */
  urls: number;
  /** Output bytes (export cases). */
  outBytes?: number;
  /** Sub-steps of our core, e.g. import and check. */
  phases?: Record<string, { ms: number; peakHeap: number; retained?: number }>;
  note?: string;
}

export interface CaseResult {
  id: string;
  n: number;
  runs: RunFigures[];
  error?: string;
}

export interface ChildRequest {
  id: string;
  n: number;
  runs: number;
}
