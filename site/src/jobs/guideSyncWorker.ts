/// <reference lib="webworker" />
import { createClient } from '@ottkit/api-client/client';
import type { EpgStore } from '../lib/epgStore.ts';
import { epgDbName, openIdbEpgStore } from '../lib/epgStoreIdb.ts';
import { answerGuideSync, type GuideSyncRequest } from '../lib/guideSyncRemote.ts';

// The guide sync's worker (lib/guideSyncRemote.ts, decision 0074): the same sync by checksum, the same
// IndexedDB store, off the page's main thread. The guide calls are public: no session is needed here.
declare const self: DedicatedWorkerGlobalScope;

let store: Promise<EpgStore> | undefined;

self.addEventListener('message', async (event: MessageEvent<GuideSyncRequest>) => {
  const answer = await answerGuideSync(event.data, {
    store: () => {
      // The page's store: the one of the language its guide is read in.
      store ??= openIdbEpgStore(epgDbName(event.data.lang));
      // A store that failed to open is tried again on the next request.
      store.catch(() => {
        store = undefined;
      });
      return store;
    },
    source: (request) => {
      const api = createClient({ ...request.api, lang: () => request.lang });
      return {
        checksums: (req) => api.live.epgChecksumQuery(req),
        days: (req) => api.live.epgQueryV2(req),
      };
    },
  });
  self.postMessage(answer);
});
