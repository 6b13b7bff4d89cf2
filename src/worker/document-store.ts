/*
 * Where the worker keeps the saved document: IndexedDB in the browser (it
 * exists in workers, so the rows never pass through the page), an in-memory
 * stand-in for Node tests. One record: the current document.
 */
import type { DocumentSnapshot } from '../core/persist/document-snapshot';

export interface DocumentStore {
  /** The saved document, or null when there is none. */
  load(): Promise<DocumentSnapshot | null>;
  /** Replaces the saved document (all or nothing). */
  save(snapshot: DocumentSnapshot): Promise<void>;
  /** Forgets the saved document. */
  clear(): Promise<void>;
}

/** Keeps the document in memory: for tests, and for browsers without IndexedDB (nothing outlives the tab). */
export class MemoryDocumentStore implements DocumentStore {
  saved: DocumentSnapshot | null = null;
  /** Set to make every call fail, as a full or refused storage does. */
  failWith: Error | null = null;

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

/** The document in IndexedDB (database `sitemap-editor`, store `documents`, key `current`). */
export class IndexedDbDocumentStore implements DocumentStore {
  private db: Promise<IDBDatabase> | null = null;

  async load(): Promise<DocumentSnapshot | null> {
    const db = await this.open();
    const value = await request(db.transaction(STORE, 'readonly').objectStore(STORE).get(KEY));
    return (value as DocumentSnapshot | undefined) ?? null;
  }

  async save(snapshot: DocumentSnapshot): Promise<void> {
    const db = await this.open();
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).put(snapshot, KEY);
    await done(tx);
  }

  async clear(): Promise<void> {
    const db = await this.open();
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).delete(KEY);
    await done(tx);
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
      req.onsuccess = () => resolve(req.result);
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
