/**
 * Hands a Blob to the browser as a download (an object URL on an
 * `<a download>`, revoked later), as export/download.ts does for bytes: the
 * streaming path's zip is a Blob built in parts, never one array.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.click();
  // Revoked on a later task: revoking at once can cancel the download in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
