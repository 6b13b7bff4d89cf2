/** What is measured: the cases, shared by the runner and the measuring child process. */

export type Step = 'parse' | 'export';

export interface CaseDef {
  id: string;
  step: Step;
  label: string;
  /** Short name for the goals table. */
  short: string;
  /**
   * 'ours' (goal subject), 'peer' (goal reference), 'info' (reference only,
   * no goal) or 'floor' (the same bytes with none of the XML work: what no
   * implementation can beat, printed as how many times it our case takes).
   */
  role: 'ours' | 'peer' | 'info' | 'floor';
  /** For a reference case: which of our cases does the same work (default: the step's 'ours' case). */
  vs?: string;
}

export const CASES: CaseDef[] = [
  { id: 'parse/ours', short: 'ours', step: 'parse', label: 'ours importFiles + checkSet', role: 'ours' },
  { id: 'parse/saxes', short: 'saxes', step: 'parse', label: 'saxes (parse only, count <url>)', role: 'peer' },
  { id: 'parse/fxp', short: 'fast-xml-parser', step: 'parse', label: 'fast-xml-parser XMLParser.parse', role: 'peer' },
  { id: 'parse/sitemap', short: 'sitemap', step: 'parse', label: 'sitemap parseSitemap', role: 'peer' },
  {
    id: 'parse/decode',
    short: 'plain-decode floor',
    step: 'parse',
    label: 'floor: TextDecoder over the input, nothing else',
    role: 'floor',
  },
  { id: 'parse/ours-gz', short: 'ours .gz', step: 'parse', label: 'ours import + check, .xml.gz inputs', role: 'info' },
  {
    id: 'parse/saxes-gz',
    short: 'gunzip+saxes',
    step: 'parse',
    label: 'zlib gunzip + saxes, .xml.gz inputs',
    role: 'info',
    vs: 'parse/ours-gz',
  },
  {
    id: 'parse/lines',
    short: 'one file, new lines',
    step: 'parse',
    label: 'ours import + check, N in one file, a <url> a line',
    role: 'info',
  },
  {
    id: 'parse/one-line',
    short: 'one file, one line',
    step: 'parse',
    label: 'ours import + check, the same file on one line',
    role: 'info',
    vs: 'parse/lines',
  },
  { id: 'export/ours', short: 'ours', step: 'export', label: 'ours exportPacked(gzip) → zip', role: 'ours' },
  {
    id: 'export/ours-default',
    short: 'ours default',
    step: 'export',
    label: 'ours exportPacked, default options (plain files, deflated in the zip)',
    role: 'info',
  },
  {
    id: 'export/sitemap-whole',
    short: 'sitemap (gzip per file)',
    step: 'export',
    label: 'sitemap AndIndexStream, gzip per file',
    role: 'peer',
  },
  {
    id: 'export/sitemap-createGzip',
    short: 'sitemap (createGzip)',
    step: 'export',
    label: 'sitemap AndIndexStream | createGzip',
    role: 'peer',
  },
  { id: 'export/ours-xml', short: 'ours no gzip', step: 'export', label: 'ours exportSitemaps, no gzip', role: 'info' },
  {
    id: 'export/floor-concat',
    short: 'plain-concat floor',
    step: 'export',
    label: "floor: the files' bytes joined, no XML work",
    role: 'floor',
    vs: 'export/ours-xml',
  },
  {
    id: 'export/floor-gzip',
    short: 'concat + gzip floor',
    step: 'export',
    label: 'floor: the same, gzipped (zlib pool) and zipped',
    role: 'floor',
    vs: 'export/ours',
  },
  {
    id: 'export/fxp-builder',
    short: 'XMLBuilder',
    step: 'export',
    label: 'fast-xml-parser XMLBuilder (no gzip)',
    role: 'info',
    vs: 'export/ours-xml',
  },
];

/** Figures of one run of one case (bytes and milliseconds). */
export interface RunFigures {
  ms: number;
  /** CPU time of the timed call(s) (see StepMeasure.cpuMs); parse cases. */
  cpuMs?: number;
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
