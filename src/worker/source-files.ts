import { fileText, linesAround, type SourceLines } from '../core/read/source-lines';

/**
 * The files of the imports that made the current document, kept as File
 * handles (no bytes held) so that the Problems panel can show the source
 * lines around a file-level problem: the file is read again when asked.
 * A document restored after a reload has none; then there are no lines.
 */
export class SourceFiles {
  private files: File[] = [];

  /** Takes the files of an import; a new document (not an append) forgets the earlier ones. */
  remember(files: readonly File[], append: boolean): void {
    this.files = append ? [...this.files, ...files] : [...files];
  }

  forget(): void {
    this.files = [];
  }

  /** The lines around `line` of the file named `name` (a zip member is `bundle.zip/a.xml`); null when it is not at hand. */
  async lines(name: string, line: number, column: number): Promise<SourceLines | null> {
    // The latest import of a name is the one the document holds.
    for (let k = this.files.length - 1; k >= 0; k--) {
      const file = this.files[k]!;
      if (name !== file.name && !name.startsWith(`${file.name}/`)) continue;
      const text = fileText(file.name, new Uint8Array(await file.arrayBuffer()), name);
      if (text !== null) return linesAround(text, line, column);
    }
    return null;
  }
}
