import type { OwnChecks } from '../core/check/own-checks';
import type { DocumentSnapshot } from '../core/persist/document-snapshot';
import type { InputFile } from '../core/read/import-files';

/** What the rows' own checks are made against (ownChecks): the Site URL in use ('' for none) and the present, in ms. */
export interface CheckBasis {
  siteUrl: string;
  now: number;
}

/** What the parse helper is asked: files to read, and what to check their rows against (none: read only). */
export interface ParseRequest {
  inputs: InputFile[];
  basis: CheckBasis | null;
}

/**
 * Its answer, in two parts: the rows in their saved form, posted as soon as
 * they are read, and then their own checks when asked. The main worker takes
 * the rows in (restore, merge) while the helper still checks them: measured
 * in Chromium on 1,000,000 URLs (load 7), the rows' hand-over, restore and
 * merge took some 0.6 s after the helper's checks, with the helper idle.
 */
export interface ParseReply {
  rows: Promise<DocumentSnapshot>;
  /** Null when no basis was given. Rejects when the helper failed; nothing waits for it then. */
  own: Promise<OwnChecks | null>;
}

/** The messages of parse.worker.ts: read files (answered with the rows), then check the rows just read (answered with their own checks). */
export type HelperRequest = { kind: 'parse'; inputs: InputFile[] } | { kind: 'own'; basis: CheckBasis };

export type HelperAnswer = DocumentSnapshot | OwnChecks;

import { HelperWorker } from './helper-worker';

/** Below this many bytes in all, one worker reads faster than two plus the hand-over. */
const SPLIT_FROM_BYTES = 8 * 1024 * 1024;

/**
 * The share of the bytes read here: half. Both sides check their own rows
 * after reading them, and this side then takes the helper's rows in while
 * the helper checks them (ParseReply). Measured in Chromium on 1,000,000
 * URLs in 20 files at 10/10 (load 8–11): the helper's checks ended 0–0.2 s
 * before this worker had restored, merged and trimmed its rows; a file more
 * there (some 0.3 s of reading and checking at that load) would keep this
 * worker waiting longer than it gains. Earlier, before the rows came ahead of
 * the checks, 11/9 had kept the helper's answer waiting 0.5 s.
 */
const SHARE_HERE = 0.5;

/**
 * Splits an import between this worker and a parse helper (parse.worker.ts):
 * the first files, about {@link SHARE_HERE} of the bytes, stay here; the rest
 * go to the helper. Keeps the files' order: this side's rows come first.
 */
export function splitInputs(inputs: InputFile[]): { here: InputFile[]; helper: InputFile[] } {
  const total = inputs.reduce((n, f) => n + f.bytes.length, 0);
  if (inputs.length < 2 || total < SPLIT_FROM_BYTES) return { here: inputs, helper: [] };
  let bytes = 0;
  let cut = 0;
  while (cut < inputs.length - 1 && bytes + (inputs[cut] as InputFile).bytes.length / 2 < total * SHARE_HERE) {
    bytes += (inputs[cut] as InputFile).bytes.length;
    cut++;
  }
  return cut === 0 ? { here: inputs, helper: [] } : { here: inputs.slice(0, cut), helper: inputs.slice(cut) };
}

/** The parse helper worker (parse.worker.ts). */
export class ParseHelper {
  private readonly helper = new HelperWorker<HelperRequest, HelperAnswer>(
    () => new Worker(new URL('./parse.worker.ts', import.meta.url), { type: 'module' }),
  );

  get available(): boolean {
    return this.helper.available;
  }

  /** Starts the helper while the files are read (see HelperWorker.warm). */
  warm(): void {
    this.helper.warm();
  }

  /** Reads the files on the helper; copies, not transfers: should it fail, this worker reads the same bytes. */
  parse({ inputs, basis }: ParseRequest): ParseReply {
    const rows = this.helper.request({ kind: 'parse', inputs }) as Promise<DocumentSnapshot>;
    // Asked at once, answered after the rows: the helper checks while this worker takes the rows in.
    const own = basis ? (this.helper.request({ kind: 'own', basis }) as Promise<OwnChecks>) : Promise.resolve(null);
    // Not waited for when the rows fail: that rejection is no one's to report.
    own.catch(() => {});
    return { rows, own };
  }
}
