import type { EpgStore } from './epgStore.ts';
import { type GuideSource, type SyncResult, syncGuide } from './epgStoreSync.ts';

/**
 * The guide sync run in a worker (decision 0074): a 500-channel sync parses ~30 MB of JSON and clones
 * ~146,000 programmes into IndexedDB; in a worker none of that is a main-thread task. The page posts a
 * request, the worker syncs the same IndexedDB store and answers the counts.
 */
export interface GuideSyncRequest {
  id: number;
  relations: Record<string, string>;
  today: string;
  /** Where the API lives (the page's zero-trust manifest may move it) and the guide's language. */
  api: { baseUrl: string; areaBaseUrls: Record<string, string> };
  lang: string;
}

export type GuideSyncAnswer = { id: number; result: SyncResult } | { id: number; error: string };

/** The worker's side: one request, one answer (never a throw). */
export async function answerGuideSync(
  request: GuideSyncRequest,
  deps: { store: () => Promise<EpgStore>; source: (request: GuideSyncRequest) => GuideSource },
): Promise<GuideSyncAnswer> {
  try {
    const result = await syncGuide({
      store: await deps.store(),
      source: deps.source(request),
      relations: request.relations,
      today: request.today,
    });
    return { id: request.id, result };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}

/** What the page needs of a Worker (a fake in tests). */
export interface SyncPort {
  postMessage(message: GuideSyncRequest): void;
  addEventListener(type: 'message', listener: (event: { data: GuideSyncAnswer }) => void): void;
  addEventListener(type: 'error', listener: (event: unknown) => void): void;
}

/**
 * The page's side: each call posts a request and settles with its answer. When the worker itself fails
 * (it did not load, it crashed), every call in flight rejects and `broken()` turns true, so the caller can
 * sync on the main thread instead.
 */
export function createRemoteGuideSync(port: SyncPort) {
  let nextId = 1;
  let failed = false;
  const pending = new Map<number, { ok: (r: SyncResult) => void; fail: (e: Error) => void }>();
  port.addEventListener('message', ({ data }) => {
    const call = pending.get(data.id);
    if (!call) return;
    pending.delete(data.id);
    if ('result' in data) call.ok(data.result);
    else call.fail(new Error(data.error));
  });
  port.addEventListener('error', () => {
    failed = true;
    for (const call of pending.values()) call.fail(new Error('the guide sync worker failed'));
    pending.clear();
  });
  return {
    sync(request: Omit<GuideSyncRequest, 'id'>): Promise<SyncResult> {
      if (failed) return Promise.reject(new Error('the guide sync worker failed'));
      const id = nextId++;
      return new Promise((ok, fail) => {
        pending.set(id, { ok, fail });
        port.postMessage({ ...request, id });
      });
    },
    broken: () => failed,
  };
}
