/*
 * Where the worker keeps the saved document: IndexedDB in the browser (it
 * exists in workers, so the rows never pass through the page), an in-memory
 * stand-in for Node tests. The current document is one record plus the
 * pieces its big strings were cut into (snapshot-pieces.ts).
 */
import type { DocumentSnapshot } from '../core/persist/document-snapshot';
import { cutSnapshot, joinSnapshot, type Piece, type SkeletonSnapshot } from './snapshot-pieces';

export interface DocumentStore {
  /** The saved document, or null when there is none; `onPart` hears as each of its parts is read. */
  load(onPart?: (done: number, total: number) => void): Promise<DocumentSnapshot | null>;
  /** Replaces the saved document (all or nothing). */
  save(snapshot: DocumentSnapshot): Promise<void>;
  /** Forgets the saved document. */
  clear(): Promise<void>;
  /**
   * Called when the saved copy was removed from outside while the page was
   * open (the user cleared the site's data): the next save writes it anew.
   */
  onRemoved?: (() => void) | null;
}

/** Keeps the document in memory: for tests, and for browsers without IndexedDB (nothing outlives the tab). */
export class MemoryDocumentStore implements DocumentStore {
  saved: DocumentSnapshot | null = null;
  /** Set to make every call fail, as a full or refused storage does. */
  failWith: Error | null = null;
  /** Called by a test to say the copy was removed from outside (see DocumentStore.onRemoved). */
  onRemoved: (() => void) | null = null;

  async load(): Promise<DocumentSnapshot | null> {
    if (this.failWith) throw this.failWith;
    return this.saved;
  }

  async save(snapshot: DocumentSnapshot): Promise<void> {
    if (this.failWith) throw this.failWith;
    // A structured clone, as IndexedDB makes: later changes to the rows must not reach the saved copy.
    this.saved = structuredClone(snapshot);
  }

  async clear(): Promise<void> {
    if (this.failWith) throw this.failWith;
    this.saved = null;
  }
}

const DB_NAME = 'sitemap-editor';
const DB_VERSION = 1;
const STORE = 'documents';
const KEY = 'current';
/** Keys of the pieces: `current:piece:0`, `current:piece:1`, … */
const PIECE_PREFIX = `${KEY}:piece:`;
/** Made when used: Node, where the tests run, has no IDBKeyRange. */
const pieceKeys = (): IDBKeyRange => IDBKeyRange.bound(PIECE_PREFIX, `${PIECE_PREFIX}\uffff`);

/**
 * The document in IndexedDB (database `sitemap-editor`, store `documents`,
 * key `current`). Clearing the site's data while the page is open deletes
 * the database and closes its connection: the store hears it (the
 * connection's `close` event), says so (`onRemoved`), and opens the database
 * anew for the next save, which creates it again.
 */
export class IndexedDbDocumentStore implements DocumentStore {
  private db: Promise<IDBDatabase> | null = null;
  onRemoved: (() => void) | null = null;

  async load(onPart?: (done: number, total: number) => void): Promise<DocumentSnapshot | null> {
    const store = (await this.transaction('readonly')).objectStore(STORE);
    const skeleton = (await request(store.get(KEY))) as SkeletonSnapshot | undefined;
    if (!skeleton) return null;
    const count = Array.isArray(skeleton.pieces) ? skeleton.pieces.length : 0;
    let read = 0;
    onPart?.(0, count);
    // All asked for at once; each is read back (and its values made) in a task of its own.
    const pieces = await Promise.all(
      Array.from({ length: count }, (_, k) =>
        request(store.get(`${PIECE_PREFIX}${k}`)).then((piece) => {
          onPart?.(++read, count);
          return piece;
        }),
      ),
    );
    return joinSnapshot(skeleton, pieces);
  }

  /**
   * The skeleton, then all pieces, in one transaction (all or nothing). Each
   * put clones its part on this thread; the next piece is asked for only when
   * the previous is written, so the worker's other messages run in between.
   * Not an async function: a suspended one holds its parameters, and the
   * snapshot's typed arrays (some 45 B a row) would stay in memory for the
   * whole write; here the skeleton goes first and each part is let go once cloned.
   */
  save(snapshot: DocumentSnapshot): Promise<void> {
    return this.transaction('readwrite').then((tx) => writeSnapshot(tx, cutSnapshot(snapshot)));
  }

  async clear(): Promise<void> {
    const tx = await this.transaction('readwrite');
    tx.objectStore(STORE).delete(KEY);
    tx.objectStore(STORE).delete(pieceKeys());
    await done(tx);
  }

  /**
   * A transaction on the database, opened anew when the connection was
   * closed under us (the site's data cleared: its `close` event may come
   * after a transaction was asked for, which then throws InvalidStateError).
   */
  private async transaction(mode: IDBTransactionMode): Promise<IDBTransaction> {
    const db = await this.open();
    try {
      return db.transaction(STORE, mode);
    } catch (err) {
      if (!(err instanceof DOMException && err.name === 'InvalidStateError')) throw err;
      // The connection is closing: open the database again (creating it if it was deleted).
      this.db = null;
      return (await this.open()).transaction(STORE, mode);
    }
  }

  private open(): Promise<IDBDatabase> {
    if (this.db) return this.db;
    const opening = new Promise<IDBDatabase>((resolve, reject) => {
      if (typeof indexedDB === 'undefined') {
        reject(new Error('This browser offers no IndexedDB here (a private window?).'));
        return;
      }
      const req = indexedDB.open(DB_NAME, DB_VERSION);
      req.onupgradeneeded = () => {
        if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE);
      };
      req.onsuccess = () => {
        const db = req.result;
        // Closed by the browser, not by us: the site's data was cleared (or the disk failed).
        db.onclose = () => {
          if (this.db === opening) this.db = null;
          this.onRemoved?.();
        };
        // Another tab deletes or upgrades the database: let it, and open anew when next needed.
        db.onversionchange = () => {
          db.close();
          if (this.db === opening) this.db = null;
        };
        resolve(db);
      };
      req.onerror = () => reject(req.error ?? new Error('IndexedDB could not be opened.'));
      req.onblocked = () => reject(new Error('IndexedDB is blocked by another tab of this app.'));
    });
    // A failed open is tried again next time (the user may free space meanwhile).
    this.db = opening.catch((err: unknown) => {
      this.db = null;
      throw err;
    });
    return this.db;
  }
}

function writeSnapshot(
  tx: IDBTransaction,
  cut: { skeleton: SkeletonSnapshot | null; pieces: (Piece | null)[] },
): Promise<void> {
  const written = done(tx);
  const store = tx.objectStore(STORE);
  const pieces = cut.pieces;
  // recursion-ok: the next piece is put from the last one's success event, on a stack of its own
  const put = (k: number) => {
    if (k === pieces.length) return;
    const piece = pieces[k];
    pieces[k] = null;
    store.put(piece, `${PIECE_PREFIX}${k}`).onsuccess = () => put(k + 1);
  };
  try {
    store.delete(pieceKeys());
    store.put(cut.skeleton, KEY);
    cut.skeleton = null;
    put(0);
  } catch (err) {
    // Nothing of this save may land: the delete above would leave the last save without its pieces.
    tx.abort();
    written.catch(() => {});
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
  return written;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB refused the request.'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB refused the write.'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB gave up the write (is the disk full?).'));
  });
}
