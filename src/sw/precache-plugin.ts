/*
 * A small Vite plugin that turns service-worker.ts into the build's `sw.js`,
 * with the list of every file the build wrote (hashed chunks, the module
 * worker, CSS, index.html, the public files) written into it. A dependency
 * such as vite-plugin-pwa would do this through workbox-build, which brings
 * Babel, Rollup and some thirty workbox packages for the same 60 lines.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { transformWithOxc, type Plugin, type ResolvedConfig } from 'vite';

/** A file of the build: its path relative to the output folder, and its bytes. */
export interface BuiltFile {
  name: string;
  content: string | Uint8Array;
}

/** What the service worker precaches: a version that changes with any byte of any file, and the paths. */
export interface PrecacheManifest {
  version: string;
  files: string[];
}

export interface PrecacheOptions {
  /** The service worker's TypeScript source, relative to the project root. */
  source: string;
  /** Its name in the output folder; served from the root, so its scope is the whole app. */
  fileName?: string;
}

/** Source maps are for developers with a network; the folder `.vite` holds build metadata. */
function isPrecached(name: string, swName: string): boolean {
  return name !== swName && !name.endsWith('.map') && !name.startsWith('.vite/');
}

/**
 * The precache list of a build: every file but source maps and the service
 * worker itself, sorted, with a version hashed from names and contents (so
 * index.html and the unhashed public files count too).
 */
export function precacheManifest(files: readonly BuiltFile[], swName = 'sw.js'): PrecacheManifest {
  const kept = files
    .filter((f) => isPrecached(f.name, swName))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const hash = createHash('sha256');
  for (const f of kept) {
    hash.update(f.name);
    hash.update('\0');
    hash.update(f.content);
    hash.update('\0');
  }
  return { version: hash.digest('hex').slice(0, 16), files: kept.map((f) => f.name) };
}

/**
 * The service worker script: the compiled source as a classic script (its
 * `export {}` dropped) after the precache list. Throws if the source imports
 * or exports anything, which a classic script cannot do.
 */
export function serviceWorkerScript(compiled: string, manifest: PrecacheManifest): string {
  const code = compiled.replace(/^export\s*\{\s*\};?[ \t]*$/m, '');
  if (/^\s*(import|export)\b/m.test(code)) {
    throw new Error('service worker: the source may not import or export (it is written as a classic script)');
  }
  return `const PRECACHE = ${JSON.stringify(manifest)};\n${code}`;
}

/** Every file of a folder and its subfolders, as paths relative to it with '/' separators. */
async function listFiles(dir: string): Promise<BuiltFile[]> {
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  const out: BuiltFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out.push({ name: path.relative(dir, full).split(path.sep).join('/'), content: await readFile(full) });
  }
  return out;
}

/** Writes `sw.js` into production builds (never in `vite dev`, whose files are not final). */
export function precachePlugin({ source, fileName = 'sw.js' }: PrecacheOptions): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'sitemap-editor:precache',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle: {
      // After Vite has added index.html and the worker chunks to the bundle.
      order: 'post',
      async handler(_options, bundle) {
        const built: BuiltFile[] = Object.values(bundle).map((item) => ({
          name: item.fileName,
          content: item.type === 'chunk' ? item.code : item.source,
        }));
        const publicFiles = config.publicDir ? await listFiles(config.publicDir) : [];
        const manifest = precacheManifest([...built, ...publicFiles], fileName);
        const file = path.resolve(config.root, source);
        const { code } = await transformWithOxc(await readFile(file, 'utf8'), file, { lang: 'ts', target: 'es2022' });
        this.emitFile({ type: 'asset', fileName, source: serviceWorkerScript(code, manifest) });
      },
    },
  };
}
