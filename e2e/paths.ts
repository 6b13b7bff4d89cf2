import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A hand-written file in e2e/fixtures. */
export function fixture(name: string): string {
  return path.join(here, 'fixtures', name);
}

/** A real-world file of the shared corpus, which lives in ../shared beside the repository. */
export function corpus(name: string): string {
  return path.resolve(here, '../../shared/corpus/real', name);
}

/** Where specs save screenshots for people to look at (gitignored). */
export function artifact(name: string): string {
  return path.join(here, 'artifacts', name);
}
