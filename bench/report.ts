/** Medians, ratios, goals and the printed tables. Every figure comes from the run's results. */
import { CASES, type CaseDef, type CaseResult, type RunFigures } from './cases';
import { median } from './measure';

export interface CaseSummary {
  id: string;
  label: string;
  short: string;
  step: CaseDef['step'];
  role: CaseDef['role'];
  runs: number;
  error?: string;
  /** Medians over the runs. */
  ms: number;
  /** CPU time, where the case measures it (parse). */
  cpuMs?: number;
  urlsPerSec: number;
  mbPerSec: number;
  peakHeap: number;
  peakRss: number;
  retainedPerUrl?: number;
  outBytes?: number;
  phases?: Record<string, { ms: number; peakHeap: number; retainedPerUrl?: number }>;
  /** URL counts seen in the runs (cross-check against N). */
  urls: number[];
  countOk: boolean;
  note?: string;
}

export interface Goal {
  name: string;
  source: string;
  target: string;
  measured: string;
  /** null when it could not be measured. */
  pass: boolean | null;
}

export interface SizeSummary {
  n: number;
  files: number;
  xmlBytes: number;
  gzBytes: number;
  cases: CaseSummary[];
  ratios: string[];
  goals: Goal[];
}

const med = (runs: RunFigures[], f: (r: RunFigures) => number | undefined): number =>
  median(runs.map(f).filter((x): x is number => x !== undefined));

export function summarize(result: CaseResult, xmlBytes: number): CaseSummary {
  const def = CASES.find((c) => c.id === result.id) as CaseDef;
  const runs = result.runs;
  const n = result.n;
  const ms = med(runs, (r) => r.ms);
  const urls = runs.map((r) => r.urls);
  const retained = med(runs, (r) => r.retained);
  const out = med(runs, (r) => r.outBytes);
  let phases: CaseSummary['phases'];
  const first = runs[0]?.phases;
  if (first) {
    phases = {};
    for (const k of Object.keys(first)) {
      const pr = med(runs, (r) => r.phases?.[k]?.retained);
      phases[k] = {
        ms: med(runs, (r) => r.phases?.[k]?.ms),
        peakHeap: med(runs, (r) => r.phases?.[k]?.peakHeap),
        retainedPerUrl: Number.isNaN(pr) ? undefined : pr / n,
      };
    }
  }
  return {
    id: def.id,
    label: def.label,
    short: def.short,
    step: def.step,
    role: def.role,
    runs: runs.length,
    error: result.error ?? (runs.length === 0 ? 'no runs' : undefined),
    ms,
    cpuMs: runs.length > 0 && runs.every((r) => r.cpuMs !== undefined) ? med(runs, (r) => r.cpuMs) : undefined,
    urlsPerSec: n / (ms / 1000),
    mbPerSec: xmlBytes / 1e6 / (ms / 1000),
    peakHeap: med(runs, (r) => r.peakHeap),
    peakRss: med(runs, (r) => r.peakRss),
    retainedPerUrl: Number.isNaN(retained) ? undefined : retained / n,
    outBytes: Number.isNaN(out) ? undefined : out,
    phases,
    urls,
    countOk: runs.length > 0 && urls.every((u) => u === -1 || u === n),
    note: runs[runs.length - 1]?.note,
  };
}

const ok = (c: CaseSummary | undefined): c is CaseSummary => c !== undefined && c.error === undefined && c.runs > 0;

function ratioGoal(
  name: string,
  source: string,
  want: number,
  ours: CaseSummary | undefined,
  refs: CaseSummary[],
  refName: string,
): Goal {
  const valid = refs.filter(ok);
  if (!ok(ours) || valid.length === 0) {
    return {
      name,
      source,
      target: `≥ ${want}×`,
      measured: `not measured (${!ok(ours) ? 'ours' : refName} missing)`,
      pass: null,
    };
  }
  const ref = valid.reduce((a, b) => (b.ms < a.ms ? b : a));
  const ratio = ref.ms / ours.ms;
  return {
    name,
    source,
    target: `≥ ${want}×`,
    measured: `${ratio.toFixed(2)}× (${sec(ours.ms)} vs ${ref.short} ${sec(ref.ms)})`,
    pass: ratio >= want,
  };
}

export function goalsFor(cases: CaseSummary[]): Goal[] {
  const get = (id: string): CaseSummary | undefined => cases.find((c) => c.id === id);
  const parseOurs = get('parse/ours');
  const parsePeers = cases.filter((c) => c.step === 'parse' && c.role === 'peer');
  const exportOurs = get('export/ours');
  const sitemapWriters = cases.filter((c) => c.id.startsWith('export/sitemap-'));
  const goals: Goal[] = [
    ratioGoal('parse + check vs fastest peer parse only', 'issue', 1, parseOurs, parsePeers, 'peers'),
    ratioGoal(
      'parse + check vs saxes parse only',
      'SPEC §6',
      2,
      parseOurs,
      parsePeers.filter((c) => c.id === 'parse/saxes'),
      'saxes',
    ),
    ratioGoal('export + zip vs sitemap package (its faster use)', 'SPEC §6', 3, exportOurs, sitemapWriters, 'sitemap'),
    ratioGoal('export + zip vs sitemap package (its faster use)', 'issue 13', 6, exportOurs, sitemapWriters, 'sitemap'),
    ratioGoal(
      'default export (plain, zipped) vs sitemap package',
      'issue 13',
      6,
      get('export/ours-default'),
      sitemapWriters,
      'sitemap',
    ),
  ];
  goals.push(oneLineGoal(get('parse/one-line'), get('parse/lines')));
  const kept = parseOurs?.retainedPerUrl;
  goals.push({
    name: 'retained bytes per URL, our set (Node; Chromium goal)',
    source: 'SPEC §6, indicative',
    target: '< 250 B (aim 150)',
    measured: ok(parseOurs) && kept !== undefined ? `${kept.toFixed(0)} B` : 'not measured',
    pass: ok(parseOurs) && kept !== undefined ? kept < 250 : null,
  });
  return goals;
}

/** Issue 10: a one-line file imports within 1.5× the time of the same file with new lines (the import step). */
function oneLineGoal(oneLine: CaseSummary | undefined, lines: CaseSummary | undefined): Goal {
  const name = 'one-line file import vs the same with new lines';
  if (!ok(oneLine) || !ok(lines))
    return {
      name,
      source: 'issue 10',
      target: '≤ 1.5×',
      measured: 'not measured (run parse/lines and parse/one-line)',
      pass: null,
    };
  const a = oneLine.phases?.import?.ms ?? oneLine.ms;
  const b = lines.phases?.import?.ms ?? lines.ms;
  const ratio = a / b;
  return {
    name,
    source: 'issue 10',
    target: '≤ 1.5×',
    measured: `${ratio.toFixed(2)}× (import ${sec(a)} vs ${sec(b)}; with check ${sec(oneLine.ms)} vs ${sec(lines.ms)})`,
    pass: ratio <= 1.5,
  };
}

export function ratiosFor(cases: CaseSummary[]): string[] {
  const lines: string[] = [];
  for (const c of cases) {
    // Peers and peer references only: our own variants are not competitors.
    if (!ok(c) || c.short.startsWith('ours')) continue;
    const vs = CASES.find((d) => d.id === c.id)?.vs;
    const ours = cases.find((o) => (vs === undefined ? o.step === c.step && o.role === 'ours' : o.id === vs));
    if (!ok(ours)) continue;
    const r = c.ms / ours.ms;
    if (c.role === 'floor') {
      // A floor is never beaten: how many times it our case takes is the distance left.
      lines.push(
        `${c.step} floor: ${ours.short} takes ${(1 / r).toFixed(2)}× the ${c.short} (${sec(ours.ms)} vs ${sec(c.ms)})`,
      );
    } else {
      lines.push(
        `${c.step}: ${ours.short} ${r.toFixed(2)}× ${c.short} (${r >= 1 ? 'faster' : 'slower'}: ${sec(ours.ms)} vs ${sec(c.ms)})`,
      );
      // Beside it, by CPU time: on a busy machine the cases run at different loads, their CPU less so.
      if (c.cpuMs !== undefined && ours.cpuMs !== undefined) {
        lines.push(
          `${c.step}: ${ours.short} ${(c.cpuMs / ours.cpuMs).toFixed(2)}× ${c.short} by CPU time (${sec(ours.cpuMs)} vs ${sec(c.cpuMs)} of CPU)`,
        );
      }
    }
  }
  const ours = cases.find((c) => c.id === 'parse/ours');
  for (const c of cases) {
    if (!ok(ours) || ours.retainedPerUrl === undefined || c.role !== 'peer' || !ok(c) || c.retainedPerUrl === undefined)
      continue;
    const r = c.retainedPerUrl / ours.retainedPerUrl;
    lines.push(
      `memory: ours holds ${ours.retainedPerUrl.toFixed(0)} B/URL, ${c.short} ${c.retainedPerUrl.toFixed(0)} B/URL (${r.toFixed(2)}× ${r >= 1 ? 'less' : 'more'} with ours)`,
    );
  }
  return lines;
}

const sec = (ms: number): string => `${(ms / 1000).toFixed(ms < 10_000 ? 3 : 2)} s`;
const mb = (b: number | undefined): string => (b === undefined || Number.isNaN(b) ? '' : `${(b / 1e6).toFixed(1)} MB`);
const rate = (x: number): string => (x >= 1e6 ? `${(x / 1e6).toFixed(2)} M/s` : `${(x / 1e3).toFixed(0)} k/s`);
const int = (x: number): string => x.toLocaleString('en-US');

export function table(rows: string[][], rightFrom = 1): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) => (i >= rightFrom ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export function formatSize(s: SizeSummary): string {
  const out: string[] = [];
  out.push(
    `── ${int(s.n)} URLs: ${s.files} files, ${(s.xmlBytes / 1e6).toFixed(1)} MB XML (${(s.xmlBytes / s.n).toFixed(0)} B/URL), ${(s.gzBytes / 1e6).toFixed(1)} MB gzipped ──`,
  );
  const header = ['case', 'time', 'URLs/s', 'MB/s', 'peak heap', 'peak RSS', 'kept B/URL', 'output', 'runs'];
  for (const step of ['parse', 'export'] as const) {
    const rows: string[][] = [[step === 'parse' ? 'PARSE' : 'EXPORT', ...header.slice(1)]];
    for (const c of s.cases.filter((x) => x.step === step)) {
      if (c.error !== undefined) {
        rows.push([`${c.label}`, 'FAILED', '', '', '', '', '', '', '']);
        continue;
      }
      rows.push([
        `${c.role === 'ours' ? '* ' : '  '}${c.label}`,
        sec(c.ms),
        rate(c.urlsPerSec),
        c.mbPerSec.toFixed(1),
        mb(c.peakHeap),
        mb(c.peakRss),
        c.retainedPerUrl === undefined ? '' : c.retainedPerUrl.toFixed(0),
        mb(c.outBytes),
        String(c.runs),
      ]);
      for (const [k, p] of Object.entries(c.phases ?? {})) {
        rows.push([
          `    └ ${k}`,
          sec(p.ms),
          rate(s.n / (p.ms / 1000)),
          (s.xmlBytes / 1e6 / (p.ms / 1000)).toFixed(1),
          mb(p.peakHeap),
          '',
          p.retainedPerUrl === undefined ? '' : p.retainedPerUrl.toFixed(0),
          '',
          '',
        ]);
      }
    }
    out.push(table(rows));
    out.push('');
  }
  for (const c of s.cases) {
    if (c.error !== undefined) out.push(`!!! ${c.id} FAILED: ${c.error.split('\n')[0]}`);
    else if (!c.countOk)
      out.push(`!!! URL COUNT MISMATCH: ${c.id} counted ${c.urls.map(int).join(', ')} URLs, expected ${int(s.n)}`);
  }
  const notes = s.cases.filter((c) => c.note !== undefined && c.error === undefined).map((c) => `${c.id}: ${c.note}`);
  if (notes.length > 0) out.push(`notes: ${notes.join('; ')}`);
  const good = s.cases.filter((c) => c.error === undefined && c.countOk && c.urls.some((u) => u !== -1)).length;
  out.push(`URL count cross-check: ${good} cases counted exactly ${int(s.n)} URLs in every run`);
  out.push('');
  out.push(...s.ratios);
  return out.join('\n');
}

export function formatGoals(sizes: SizeSummary[]): string {
  if (sizes.length === 0) return '';
  const rows: string[][] = [['goal', 'source', 'target', ...sizes.map((s) => `${int(s.n)} URLs`)]];
  const names = sizes[0]!.goals.map((g) => g.name);
  names.forEach((name, i) => {
    const g0 = sizes[0]!.goals[i]!;
    rows.push([
      name,
      g0.source,
      g0.target,
      ...sizes.map((s) => {
        const g = s.goals[i]!;
        return `${g.pass === null ? 'N/A ' : g.pass ? 'PASS' : 'MISS'} ${g.measured}`;
      }),
    ]);
  });
  return `GOALS (SPEC §6 states them for 1,000,000 URLs; medians of the runs)\n${table(rows, 99)}`;
}
