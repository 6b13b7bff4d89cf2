import type { SvgFile } from './svg-text';

/*
 * A picture of the board: its SVG drawn on a canvas (the page's CSP allows
 * blob: images).
 */

/** The largest side of the PNG, in pixels: a canvas beyond ~16K fails in some browsers, and the file would be huge. */
const MAX_PNG_SIDE = 8192;
/** And its largest area: a 2,000-box board at twice its size would be some 200 MB of pixels. */
const MAX_PNG_PIXELS = 40_000_000;

/** The SVG drawn on a canvas, `scale` times its size (twice: sharp on a high-density screen or in print) when that fits. */
export async function pngOf(svg: Pick<SvgFile, 'text' | 'width' | 'height'>, scale = 2): Promise<Blob> {
  const k = Math.min(
    scale,
    MAX_PNG_SIDE / Math.max(svg.width, svg.height),
    Math.sqrt(MAX_PNG_PIXELS / (svg.width * svg.height)),
  );
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
    canvas.width = Math.max(1, Math.round(svg.width * k));
    canvas.height = Math.max(1, Math.round(svg.height * k));
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
