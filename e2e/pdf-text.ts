import { inflateSync } from 'node:zlib';

/** A text a PDF draws: the font resource it names, the size, and the string (Latin-1, as the PDF's built-in fonts write it). */
export interface PdfText {
  font: string;
  size: number;
  text: string;
}

/**
 * The texts of a PDF's pages in the order they are drawn: each content
 * stream inflated (FlateDecode), then every `(…) Tj` with the `Tf` (font,
 * size) before it. Enough for a PDF jsPDF writes with its built-in fonts;
 * not a general PDF reader.
 */
export function pdfTexts(bytes: Buffer): PdfText[] {
  const raw = bytes.toString('latin1');
  const out: PdfText[] = [];
  const streams = /stream\r?\n/g;
  for (let m = streams.exec(raw); m !== null; m = streams.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(bytes.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    let font = '';
    let size = 0;
    for (const op of content.matchAll(/\/(\w+) ([\d.]+) Tf|\(((?:\\.|[^\\)])*)\) Tj/g)) {
      if (op[1] !== undefined) {
        font = op[1];
        size = Number(op[2]);
      } else out.push({ font, size, text: (op[3] as string).replace(/\\(.)/g, '$1') });
    }
  }
  return out;
}

/** How many pages a PDF says it has. */
export function pdfPageCount(bytes: Buffer): number {
  const m = /\/Type \/Pages[^>]*\/Count (\d+)/.exec(bytes.toString('latin1'));
  return m ? Number(m[1]) : 0;
}
