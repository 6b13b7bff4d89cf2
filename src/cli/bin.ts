import { mainAsync } from './main';

// The installed command's entry (bundled to dist-cli/sitemap-editor.js by build:cli).
void mainAsync(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
