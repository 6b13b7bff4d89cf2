import { Gunzip, Unzip, UnzipInflate, UnzipPassThrough, type UnzipFile } from 'fflate';
import { bytesAfterGzipTrailer, trailingGarbageMessage } from '../read/gzip-trailer';
import { crc32, describeInflateError } from '../read/inflate';

/** Input bytes kept for the trailer check: trailing garbage is found within the last 64 KiB. */
const TAIL_KEPT = 64 * 1024;

/**
 * A gzip stream inflated piece by piece. fflate's streaming `Gunzip` checks
 * neither the CRC nor the size in the trailer, so both are checked here over
 * the output as it passes (for a single-member file, like the table path).
 */
export class GunzipStream {
  /** Why inflating failed; undefined while all is well. */
  failure: string | undefined;
  private readonly inflater: Gunzip;
  private crc = 0;
  private size = 0;
  private members = 1;
  /** The last input bytes (up to TAIL_KEPT): the trailer, and any trailing garbage after it. */
  private tail = new Uint8Array(0);
  private inputBytes = 0;
  /** Bytes seen after the member's trailer once they proved not to be gzip; -1 before. */
  private garbage = -1;

  /** @param onData receives each inflated piece, in order. */
  constructor(onData: (data: Uint8Array) => void) {
    this.inflater = new Gunzip((data) => {
      if (this.members === 1) this.crc = crc32(data, this.crc);
      this.size += data.length;
      if (data.length > 0) onData(data);
    });
    this.inflater.onmember = (offset) => {
      if (offset > 0) this.members++;
    };
  }

  /** Inflates the next piece of input; returns false once it failed (the rest is not inflated). */
  push(bytes: Uint8Array, final = false): boolean {
    if (this.failure) return false;
    if (this.garbage >= 0) {
      // Past the member's end: only counted, so the message gives the whole garbage's size.
      this.garbage += bytes.length;
      if (final) this.failure = trailingGarbageMessage(this.garbage);
      return this.failure === undefined;
    }
    this.keepTail(bytes);
    try {
      this.inflater.push(bytes, final);
    } catch (e) {
      const after = this.bytesAfterTrailer();
      if (after <= 0) {
        this.failure = describeInflateError(e);
        return false;
      }
      this.garbage = after;
      if (final) this.failure = trailingGarbageMessage(after);
      return this.failure === undefined;
    }
    if (final) this.checkTrailer();
    return this.failure === undefined;
  }

  private keepTail(bytes: Uint8Array): void {
    this.inputBytes += bytes.length;
    if (bytes.length >= TAIL_KEPT) {
      this.tail = bytes.slice(bytes.length - TAIL_KEPT);
      return;
    }
    const keep = Math.min(this.tail.length, TAIL_KEPT - bytes.length);
    const next = new Uint8Array(keep + bytes.length);
    next.set(this.tail.subarray(this.tail.length - keep));
    next.set(bytes, keep);
    this.tail = next;
  }

  /** The shared message when the input is one member followed by bytes that are not gzip (within the kept tail). */
  private trailingGarbage(): string | undefined {
    const after = this.bytesAfterTrailer();
    return after > 0 ? trailingGarbageMessage(after) : undefined;
  }

  private bytesAfterTrailer(): number {
    return this.members === 1 ? bytesAfterGzipTrailer(this.tail, this.crc, this.size % 2 ** 32) : -1;
  }

  private checkTrailer(): void {
    if (this.members !== 1 || this.inputBytes < 18 || this.tail.length < 8) return;
    const t = this.tail.subarray(this.tail.length - 8);
    const crc =
      ((t[0] as number) | ((t[1] as number) << 8) | ((t[2] as number) << 16) | ((t[3] as number) << 24)) >>> 0;
    const size =
      ((t[4] as number) | ((t[5] as number) << 8) | ((t[6] as number) << 16) | ((t[7] as number) << 24)) >>> 0;
    if (crc === this.crc && size === this.size % 2 ** 32) return;
    this.failure =
      this.trailingGarbage() ??
      (crc !== this.crc
        ? 'the gzip CRC check failed: the data is corrupt'
        : 'the gzip size check failed: the data is corrupt');
  }
}

/** See read/inflate.ts: a member takes at least 31 bytes, so 8 KiB bounds the recursion to ~260 frames. */
const ZIP_SLICE = 8 * 1024;

/** What a zip member handler is told. */
export interface ZipMemberEvents {
  /** A member starts (file members only; folders and `__MACOSX/`, dot files are skipped). */
  start(name: string): void;
  /** Inflated bytes of the current member. */
  data(bytes: Uint8Array): void;
  /** The current member ended; `failure` when it could not be inflated. */
  end(failure?: string): void;
}

/**
 * A zip archive read as it arrives, one member after another (fflate's
 * streaming `Unzip`). Member names come from the archive's author and are
 * used only as labels.
 */
export class UnzipStream {
  failure: string | undefined;
  private readonly unzip: Unzip;
  private open = false;

  constructor(private readonly events: ZipMemberEvents) {
    this.unzip = new Unzip((file) => this.member(file));
    this.unzip.register(UnzipInflate);
    this.unzip.register(UnzipPassThrough);
  }

  push(bytes: Uint8Array, final = false): boolean {
    if (this.failure) return false;
    try {
      // fflate's Unzip recurses once per member starting in a pushed piece:
      // small pieces keep a piece of thousands of small members off the stack's end.
      for (let at = 0; at < bytes.length; at += ZIP_SLICE) {
        this.unzip.push(bytes.subarray(at, at + ZIP_SLICE), final && at + ZIP_SLICE >= bytes.length);
      }
      if (bytes.length === 0) this.unzip.push(bytes, final);
    } catch (e) {
      this.failure = `the zip archive is damaged (${describeInflateError(e)})`;
      this.closeMember(this.failure);
      return false;
    }
    if (final) this.closeMember('the zip archive ends inside this member');
    return true;
  }

  private member(file: UnzipFile): void {
    const base = file.name.slice(file.name.lastIndexOf('/') + 1);
    if (file.name.endsWith('/') || file.name.startsWith('__MACOSX/') || base.startsWith('.')) return;
    // Members arrive one after another; a member still open here was cut short.
    this.closeMember('the member ends early');
    this.open = true;
    this.events.start(file.name);
    if (file.compression !== 0 && file.compression !== 8) {
      this.closeMember(`compression method ${file.compression} is not supported`);
      return;
    }
    file.ondata = (err, chunk, final) => {
      if (!this.open) return;
      if (err) {
        this.closeMember(describeInflateError(err));
        return;
      }
      if (chunk.length > 0) this.events.data(chunk);
      if (final) this.closeMember();
    };
    file.start();
  }

  private closeMember(failure?: string): void {
    if (!this.open) return;
    this.open = false;
    this.events.end(failure);
  }
}
