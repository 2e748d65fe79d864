import type { ProgramSubscription } from '@ottkit/api-client';
import { atom } from 'nanostores';
import { browserApi } from '../lib/api.ts';
import { $viewer } from './authority.ts';

/** The viewer's programme subscriptions (spec §3), as the server last answered them. */
export const $subscriptions = atom<ProgramSubscription[]>([]);

let refreshing: Promise<void> | null = null;
/** Fetches the user's subscriptions; the layout's host and the live page share one request in flight. */
export function refreshSubscriptions(): Promise<void> {
  if ($viewer.get() !== 'user') return Promise.resolve();
  refreshing ??= browserApi.live
    .subscribeList({})
    .then(({ subscribeList }) => $subscriptions.set(subscribeList))
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Subscribe to or unsubscribe from a programme that has not started (programme row Subscribe/Subscribed). */
export async function setSubscribed(logicalChannelId: string, programId: string, subscribed: boolean) {
  const item = [{ logicalChannelId, programId }];
  const { subscribeList } = subscribed
    ? await browserApi.live.subscribeCreate({ subscribeList: item })
    : await browserApi.live.subscribeDelete({ subscribeDeleteList: item });
  $subscriptions.set(subscribeList);
}
