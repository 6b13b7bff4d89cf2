/**
 * Builds the installable command: src/cli bundled with core into one plain
 * JavaScript file (only Node built-ins needed at run time, no tsx), and the
 * manifest of a package that holds just that file, so that `npm pack
 * ./dist-cli` gives a tarball that installs offline (no dependencies; the
 * app's React and friends are not the command's). Run by `npm run build:cli`.
 * The built app (`dist/`, from `npm run build`) goes beside it as `app/`,
 * what `sitemap-editor serve` serves; `npm run pack:cli` builds it first.
 */
import { build } from 'esbuild';
import { cpSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pkg from '../../package.json';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// Another folder may be named (the tarball test builds into a temporary one).
const out = resolve(process.argv[2] ?? join(root, 'dist-cli'));
const BIN = 'sitemap-editor.cjs';

await build({
  entryPoints: [join(root, 'src/cli/bin.ts')],
  bundle: true,
  platform: 'node',
  target: 'node20',
  // CommonJS: papaparse and robots-parser are CommonJS, and a .cjs file runs whatever the folder's "type".
  format: 'cjs',
  outfile: join(out, BIN),
  banner: { js: '#!/usr/bin/env node' },
  logLevel: 'warning',
});

// The app `serve` serves, when built (a tarball without it says how to name one: serve --app DIR).
const app = join(root, 'dist');
const withApp = existsSync(join(app, 'index.html'));
rmSync(join(out, 'app'), { recursive: true, force: true });
if (withApp) cpSync(app, join(out, 'app'), { recursive: true });

const manifest = {
  name: pkg.name,
  version: pkg.version,
  description:
    'Checks sitemaps, sitemap indexes and robots.txt, from files or live URLs, the way search engines read them',
  bin: { [pkg.name]: BIN },
  files: withApp ? [BIN, 'app'] : [BIN],
  engines: pkg.engines,
};
writeFileSync(join(out, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
console.log(
  `built ${join(out, BIN)} and ${join(out, 'package.json')} (${pkg.name}@${pkg.version})${withApp ? `, the app in ${join(out, 'app')}` : '; no built app (npm run build): serve will need --app DIR'}`,
);
