import { routes } from '@ottkit/api-client/client';
import { cacheStorageKeeper, keptFetch } from '@ottkit/api-client/kept';
import { browserApi, browserSend } from '../lib/api.ts';
import { toLiveChannel } from '../lib/liveLineup.ts';
import { atom } from 'nanostores';
import { $channelColumns, $channels } from './channels.ts';
import { setFavorites } from './favorites.ts';

// Apart from stores/channels.ts, which every page loads (the reminders read the line-up): only /liveTv loads
// the line-up itself, so only its island carries this (the /home script budget, decision 0084).

// The channel list is revalidated (`revalidate` in the contract): its answers are kept across reloads and asked
// for with their ETag (decision 0296). A same-origin call is sent to its bare path.
const plainFetch = browserSend.fetch;
const kept = keptFetch(plainFetch, cacheStorageKeeper());
browserSend.fetch = (input, init) =>
  input === routes.live.channelList.path ? kept(input, init) : plainFetch(input, init);

/**
 * Whether $channels is the whole line-up: false while it holds only the first screenful the page's props
 * carried (a large line-up, decision 0297) and the island loads the rest.
 */
export const $lineupComplete = atom<boolean>(true);

/**
 * Loads the whole line-up through the channel list call (revalidated: a reload whose line-up did not change
 * gets a 304 and the kept answer, decision 0296): after a first screenful from the props, and when the update
 * check says the channels changed. The first load also takes the viewer's favourites from it (the props
 * carried only the first screenful's).
 */
export async function loadLineup(): Promise<void> {
  const answer = await browserApi.live.channelList({});
  const channels = answer.channelListInfo.map(toLiveChannel);
  if (!$lineupComplete.get())
    setFavorites(channels.filter((c) => c.isFavorite).map((c) => c.logicalChannelId));
  $channels.set(channels);
  $channelColumns.set(answer.channelColumnInfo);
  $lineupComplete.set(true);
}
