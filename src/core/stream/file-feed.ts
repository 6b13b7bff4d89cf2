import { capFailure } from '../read/inflate';
import { compressionProblem, emptyZipProblem } from '../rules/file/file';
import { judgeBytes } from '../rules/file/file-kind';
import { sniffBytes } from '../rules/file/sniff';
import { concatBytes } from '../text/bytes';
import type { SourceFile } from '../rows/types';
import { GunzipStream, UnzipStream } from './inflate-stream';
import type { FeedContext, FileFeed } from './feed-types';
import { TextSink } from './text-sink';

/** Bytes looked at before judging what a file is (sniffBytes looks at 4 KiB). */
const SNIFF_BYTES = 4096;

/**
 * The start of every file: judges it by its first bytes like the table
 * path (gzip, zip, empty, binary, text) and hands the bytes on.
 */
export class SniffSink implements FileFeed {
  private head: Uint8Array[] = [];
  private headBytes = 0;
  private next: FileFeed | null = null;
  private stopped = false;

  constructor(
    private readonly ctx: FeedContext,
    private readonly name: string,
    private readonly compression: SourceFile['compression'],
    private readonly depth: number,
  ) {}

  push(bytes: Uint8Array): boolean {
    if (this.stopped) return false;
    if (this.next) return this.forward(bytes);
    this.head.push(bytes);
    this.headBytes += bytes.length;
    // gzip and zip are known by their first bytes: inflating at once lets the cap stop a bomb early.
    if (this.headBytes < SNIFF_BYTES && !(this.headBytes >= 4 && isArchive(concatBytes(this.head, 4)))) return true;
    this.decide();
    return this.flushHead();
  }

  end(failure?: string): void {
    if (!this.next && !this.stopped) {
      this.decide();
      this.flushHead();
    }
    this.next?.end(failure);
    if (!this.next && failure) this.ctx.fileProblem(compressionProblem(this.name, failure));
    this.next = null;
    this.stopped = true;
  }

  private forward(bytes: Uint8Array): boolean {
    const more = (this.next as FileFeed).push(bytes);
    if (!more) this.stopped = true;
    return more;
  }

  private flushHead(): boolean {
    const parts = this.head;
    this.head = [];
    for (const p of parts) if (!this.stopped && this.next) this.forward(p);
    return !this.stopped;
  }

  private decide(): void {
    const first = concatBytes(this.head, Math.min(this.headBytes, SNIFF_BYTES));
    const { ctx, name, compression } = this;
    const verdict = judgeBytes(name, first, this.depth);
    if (verdict.kind === 'gzip') this.next = new GunzipSink(ctx, name, this.depth + 1);
    else if (verdict.kind === 'zip') this.next = new ZipSink(ctx, name, this.depth + 1);
    else if (verdict.kind === 'refused') {
      ctx.fileProblem(verdict.problem);
      ctx.addFile({
        name,
        kind: 'none',
        count: 0,
        bytes: verdict.empty ? 0 : this.headBytes,
        encoding: '',
        compression,
      });
      this.stopped = true;
    } else this.next = new TextSink(ctx, name, compression);
  }
}

/**
 * Gunzips as the bytes come, counting the output against the cap; what it
 * inflates goes to a new {@link SniffSink} (a gzip may hold anything).
 */
class GunzipSink implements FileFeed {
  private readonly gunzip: GunzipStream;
  private inner: SniffSink | null = null;
  private readonly capped: CappedSink;

  constructor(
    private readonly ctx: FeedContext,
    private readonly name: string,
    depth: number,
  ) {
    this.capped = new CappedSink(ctx, name, () => {
      this.inner ??= new SniffSink(ctx, name, 'gzip', depth);
      return this.inner;
    });
    this.gunzip = new GunzipStream((data) => this.capped.push(data));
  }

  push(bytes: Uint8Array): boolean {
    return this.gunzip.push(bytes) && !this.capped.over;
  }

  end(failure?: string): void {
    if (!this.capped.over) this.gunzip.push(new Uint8Array(0), true);
    const why = this.capped.over ? undefined : (failure ?? this.gunzip.failure);
    // What it inflated says the failure, with what was read of it (a cut-off file's rows).
    if (this.inner) {
      this.inner.end(why);
      return;
    }
    if (why) this.ctx.fileProblem(compressionProblem(this.name, why));
    if (!this.capped.over)
      this.ctx.addFile({ name: this.name, kind: 'none', count: 0, bytes: 0, encoding: '', compression: 'gzip' });
  }
}

/** A zip read member by member; each member is a file of its own, named `bundle.zip/member.xml`. */
class ZipSink implements FileFeed {
  private readonly unzip: UnzipStream;
  private member: { sink: CappedSink; name: string } | null = null;
  private members = 0;

  constructor(
    private readonly ctx: FeedContext,
    private readonly name: string,
    depth: number,
  ) {
    this.unzip = new UnzipStream({
      start: (member) => {
        this.members++;
        const memberName = `${name}/${member}`;
        const inner = new SniffSink(ctx, memberName, null, depth);
        this.member = { sink: new CappedSink(ctx, memberName, () => inner, inner), name: memberName };
      },
      data: (bytes) => {
        this.member?.sink.push(bytes);
      },
      end: (failure) => {
        const m = this.member;
        this.member = null;
        if (!m) return;
        if (failure) ctx.fileProblem(compressionProblem(m.name, failure));
        m.sink.end();
      },
    });
  }

  push(bytes: Uint8Array): boolean {
    return this.unzip.push(bytes);
  }

  end(failure?: string): void {
    this.unzip.push(new Uint8Array(0), true);
    const why = failure ?? this.unzip.failure;
    if (why) this.ctx.fileProblem(compressionProblem(this.name, why));
    else if (this.members === 0) this.ctx.fileProblem(emptyZipProblem(this.name));
  }
}

/** Counts decompressed bytes against the cap; past it, the file is reported and its reading ends. */
export class CappedSink implements FileFeed {
  over = false;
  private bytes = 0;
  private started: FileFeed | null = null;

  constructor(
    private readonly ctx: FeedContext,
    private readonly name: string,
    private readonly target: () => FileFeed,
    started: FileFeed | null = null,
  ) {
    this.started = started;
  }

  push(bytes: Uint8Array): boolean {
    if (this.over) return false;
    this.bytes += bytes.length;
    if (this.bytes > this.ctx.cap) {
      this.over = true;
      this.ctx.fileProblem(compressionProblem(this.name, `${capFailure(this.ctx.cap)}; what came before was read`));
      this.started?.end();
      this.started = null;
      return false;
    }
    this.started ??= this.target();
    return this.started.push(bytes);
  }

  end(failure?: string): void {
    if (this.over) return;
    (this.started ?? this.target()).end(failure);
  }
}

function isArchive(head: Uint8Array): boolean {
  const kind = sniffBytes(head).kind;
  return kind === 'gzip' || kind === 'zip';
}
