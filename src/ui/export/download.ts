/**
 * Hands bytes to the browser as a download: a Blob object URL on an
 * `<a download>`, revoked once the browser has taken it (squoosh's way; no
 * data: URL, which would copy the bytes into a string).
 */
export function saveBytes(bytes: Uint8Array, fileName: string, mimeType: string): void {
  saveParts([bytes], fileName, mimeType);
}

/** {@link saveBytes} for a file in pieces (a CSV of a million rows): the Blob joins them, no copy here. */
export function saveParts(parts: Uint8Array[], fileName: string, mimeType: string): void {
  // The worker's bytes always live on a plain ArrayBuffer (a structured clone), never a shared one.
  saveBlob(new Blob(parts as Uint8Array<ArrayBuffer>[], { type: mimeType }), fileName);
}

/** Hands a Blob to the browser as a download (the streaming path's zip is a Blob built in parts). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  // Detached on purpose: the page behind the modal dialog is inert.
  a.click();
  // Revoked on a later task: revoking at once can cancel the download in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
