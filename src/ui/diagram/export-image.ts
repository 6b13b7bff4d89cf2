/*
 * The diagram as files: the SVG element copied whole (title, date and legend
 * are drawn in it), without the zoom and pan of the screen, and a PNG drawn
 * from that SVG on a canvas (the page's CSP allows blob: images).
 */

/** The largest side of the PNG, in pixels: a canvas beyond ~16K fails in some browsers, and the file would be huge. */
const MAX_PNG_SIDE = 8192;

/** The diagram as a standalone SVG document, at its full size. */
export function svgDocument(svg: SVGSVGElement): { text: string; width: number; height: number } {
  const width = Number(svg.dataset.width);
  const height = Number(svg.dataset.height);
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.querySelector('.dg-content')?.removeAttribute('transform');
  for (const el of copy.querySelectorAll('[tabindex]')) el.removeAttribute('tabindex');
  copy.removeAttribute('class');
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  copy.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`;
  return { text, width, height };
}

/** The SVG drawn on a canvas, twice the size when that fits (sharp on a high-density screen or in print). */
export async function pngOf(svg: { text: string; width: number; height: number }): Promise<Blob> {
  const scale = Math.min(2, MAX_PNG_SIDE / Math.max(svg.width, svg.height));
  const url = URL.createObjectURL(new Blob([svg.text], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.decoding = 'async';
    const loaded = new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('The browser could not draw the diagram.'));
    });
    img.src = url;
    await loaded;
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(svg.width * scale));
    canvas.height = Math.max(1, Math.round(svg.height * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('This browser has no canvas to draw the PNG on.');
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The browser could not write the PNG.'))),
        'image/png',
      ),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
