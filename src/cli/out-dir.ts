/*
 * `--out DIR`: a folder the command owns. It is made one level at a time
 * (Node's recursive mkdir never ends on /proc), an existing file in its
 * place is refused, and every file goes in as a new temporary file renamed
 * over its name: a symbolic link or a hard link planted there is replaced,
 * never written through. Every failure is a clear error, never a stack trace.
 */
import { randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { rm, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError } from './args';

/** Why the system said no, in words. */
function why(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code ?? '';
  const words: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'not permitted',
    EROFS: 'a read-only file system',
    ENOENT: 'the system has no such place and makes none there',
    ENOTDIR: 'part of the path is not a folder',
    ENOSPC: 'no space left on the device',
    EISDIR: 'a folder is in the way',
    EEXIST: 'something is in the way',
    ENAMETOOLONG: 'the name is too long',
    ELOOP: 'too many symbolic links',
  };
  return words[code] ? `${words[code]} (${code})` : ((e as Error).message ?? String(e));
}

/** An error of the output folder: the command stops with it, without the usage text. */
function outError(message: string): UsageError {
  return new UsageError(message, false);
}

/** What happened to the name a file was written as. */
export interface Written {
  path: string;
  /** It was a symbolic link, or a file with other names (a hard link): replaced, not written through. */
  replacedLink: boolean;
}

export class OutDir {
  private constructor(
    /** As the user gave it (for messages). */
    readonly path: string,
    /** Where it really is, symbolic links of the path resolved once (writes go there). */
    private readonly real: string,
  ) {}

  /** Makes the folder `path` (and its missing parents) or checks the one there; throws a clear error otherwise. */
  static open(path: string): OutDir {
    const missing: string[] = [];
    for (let at = resolve(path); ; at = dirname(at)) {
      let stat: ReturnType<typeof statSync> = undefined;
      try {
        stat = statSync(at, { throwIfNoEntry: false });
      } catch (e) {
        // A file further up: the walk goes on to say which.
        if ((e as NodeJS.ErrnoException).code !== 'ENOTDIR')
          throw outError(`cannot use --out ${path}: ${at}: ${why(e)}`);
      }
      if (stat) {
        if (!stat.isDirectory())
          throw outError(
            missing.length === 0
              ? `--out ${path} is a file, not a folder: give a folder (it is made when missing)`
              : `cannot make the folder ${path}: ${at} is a file, not a folder`,
          );
        break;
      }
      missing.push(at);
      if (dirname(at) === at) break;
    }
    for (const dir of missing.reverse()) {
      try {
        mkdirSync(dir);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EEXIST' && statSync(dir).isDirectory()) continue;
        throw outError(`cannot make the folder ${dir} for --out ${path}: ${why(e)}`);
      }
    }
    return new OutDir(path, realpathSync(resolve(path)));
  }

  /** The path of `name` in the folder, as messages show it. */
  pathOf(name: string): string {
    return join(this.path, name);
  }

  /**
   * The real path of `name`: plain names joined by `/` (a kept file keeps its
   * folder, as Hugo's `en/sitemap.xml`), never `.`, `..` or empty. A folder on
   * the way is made when missing; one that is a symbolic link is refused, so
   * nothing is written outside the folder.
   */
  private target(name: string): string {
    const parts = name.split('/');
    for (const part of parts)
      if (part === '' || part === '.' || part === '..' || /[\\\0]/.test(part))
        throw outError(`will not write "${name}" into --out ${this.path}: not a plain file name`);
    let at = this.real;
    for (const folder of parts.slice(0, -1)) {
      at = join(at, folder);
      const stat = lstatSync(at, { throwIfNoEntry: false });
      if (!stat) {
        try {
          mkdirSync(at);
        } catch (e) {
          throw outError(`cannot make the folder ${at} for ${name}: ${why(e)}`);
        }
      } else if (stat.isSymbolicLink() || !stat.isDirectory()) {
        throw outError(
          `will not write ${this.pathOf(name)}: ${at} is ${stat.isSymbolicLink() ? 'a link' : 'a file'}, not a folder of --out`,
        );
      }
    }
    return join(at, parts[parts.length - 1]);
  }

  /** A fresh name beside `path`, for the file before it is renamed over `path`. */
  private tempFor(path: string): string {
    return join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  }

  private linkAt(path: string): boolean {
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (stat?.isDirectory()) throw outError(`cannot write ${path}: a folder of that name is there`);
    return !!stat && (stat.isSymbolicLink() || stat.nlink > 1);
  }

  /** Writes `data` as `name`: a new file (created exclusively), then renamed over the name. */
  async write(name: string, data: Uint8Array | string): Promise<Written> {
    const path = this.target(name);
    const replacedLink = this.linkAt(path);
    const temp = this.tempFor(path);
    try {
      await writeFile(temp, data, { flag: 'wx' });
      await rename(temp, path);
    } catch (e) {
      await rm(temp, { force: true });
      throw outError(`cannot write ${this.pathOf(name)}: ${why(e)}`);
    }
    return { path: this.pathOf(name), replacedLink };
  }

  /** {@link write}, synchronously. */
  writeSync(name: string, data: Uint8Array | string): Written {
    const path = this.target(name);
    const replacedLink = this.linkAt(path);
    const temp = this.tempFor(path);
    try {
      writeFileSync(temp, data, { flag: 'wx' });
      renameSync(temp, path);
    } catch (e) {
      rmSync(temp, { force: true });
      throw outError(`cannot write ${this.pathOf(name)}: ${why(e)}`);
    }
    return { path: this.pathOf(name), replacedLink };
  }
}

/** The line a command prints when a planted link was replaced. */
export function replacedLinkNote(w: Written): string {
  return `note: ${w.path} was a link to another file; it was replaced by the file written, not written through`;
}
