import type { Answer, Params, RequestType } from '../../worker/api';
import type { JobOptions, WorkerClient } from '../../worker/client';
import type { RestoreOutcome } from '../../worker/protocol';

/** How a store test answers one request: like the worker would, or by throwing. */
export type FakeAnswers = {
  [K in RequestType]: (params: Params<K>, options: JobOptions) => Answer<K> | Promise<Answer<K>>;
};

/** A request a store test does not expect: it fails loudly if made. */
const unused = () => Promise.reject(new Error('not used in this test'));

/** A worker with nothing saved: what the store's page-load and recovery paths find. */
const NOTHING_SAVED: RestoreOutcome = { summary: null, savedAt: null, siteUrl: null, error: null };

/*
 * What a fresh worker answers without a test saying so: nothing saved,
 * nothing waiting to be saved, the tab lock and Site URL taken in (no
 * document yet). Every other request fails unless the test gives it.
 */
const QUIET: Partial<FakeAnswers> = {
  restore: () => NOTHING_SAVED,
  flushSave: () => false,
  setWriter: () => null,
  setSiteUrl: () => null,
};

export interface FakeClient extends WorkerClient {
  /** Every request made, in order, with its params. */
  readonly calls: { type: RequestType; params: unknown }[];
}

/**
 * The store tests' worker client: the whole WorkerClient, each request
 * answered by `given`, the quiet defaults above, or a loud failure — so a
 * test states exactly the requests it relies on.
 */
export function fakeClient(given: Partial<FakeAnswers> = {}): FakeClient {
  const answers: Partial<FakeAnswers> = { ...QUIET, ...given };
  const calls: { type: RequestType; params: unknown }[] = [];
  return {
    calls,
    onPersist: null,
    onLost: null,
    async call<K extends RequestType>(type: K, params: Params<K>, options: JobOptions = {}): Promise<Answer<K>> {
      calls.push({ type, params });
      const answer = answers[type] as FakeAnswers[K] | undefined;
      return answer ? answer(params, options) : unused();
    },
  };
}
