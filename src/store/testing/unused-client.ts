import type { WorkerClient } from '../jobs-slice';

/** A request a store test does not expect: it fails loudly if made. */
const unused = () => Promise.reject(new Error('not used in this test'));

/**
 * A worker client for store tests: every request fails unless the test gives
 * it, so a test states exactly the requests it relies on.
 */
export function clientWith<T extends Partial<WorkerClient>>(given: T): WorkerClient & T {
  return {
    importFiles: unused, check: unused, setView: unused, rows: unused, edit: unused, addRow: unused, deleteRows: unused,
    fix: unused, undo: unused, redo: unused, planExport: unused, export: unused,
    ...given,
  };
}
