import type { LiveChannelView } from '@ottkit/api-client/contract';
import { atom, onMount } from 'nanostores';
import { consoleApi } from '../../lib/console.ts';

/** Health changes by the second; a screen that shows it follows it this often. */
export const LIVE_POLL_MS = 5000;

type SourcesSet = Parameters<typeof consoleApi.operator.liveSourcesSet>[0];

/** /admin/live's channels with live sources, each source's health; null until the first answer (issue 38). */
export const $liveChannels = atom<{ channels: LiveChannelView[]; total: number } | null>(null);

export async function loadLiveChannels(): Promise<void> {
  const { channels, total } = await consoleApi.operator.liveChannels({});
  $liveChannels.set({ channels, total });
}

// Polled while a screen listens (nanostores mounts a store with its first listener and unmounts it after the
// last): a closed tab or another screen stops asking.
onMount($liveChannels, () => {
  const timer = setInterval(() => void loadLiveChannels().catch(() => undefined), LIVE_POLL_MS);
  return () => clearInterval(timer);
});

/** One channel as the editor opens it, with or without sources. */
export async function liveChannel(channelId: string): Promise<LiveChannelView | undefined> {
  return (await consoleApi.operator.liveChannels({ channelId })).channels[0];
}

/** Saves a channel's sources, mode and video option; the list follows at once. Answers the channel as saved. */
export async function saveLiveSources(input: SourcesSet): Promise<LiveChannelView> {
  const { channel } = await consoleApi.operator.liveSourcesSet(input);
  await loadLiveChannels();
  return channel;
}

/**
 * Moves the source at `from` to `to` (1 is the primary), the others keeping their order around it: a drag in the
 * channel's list, an arrow key on its handle, "Make primary" (issue 37). The URLs go back as shown (secrets
 * masked): the server keeps the stored one each stands for. Answers the moved source, as shown.
 */
export async function moveSource(c: LiveChannelView, from: number, to: number): Promise<string> {
  const urls = c.sources.map((s) => s.url);
  const [moved] = urls.splice(from - 1, 1);
  urls.splice(to - 1, 0, moved as string);
  await saveLiveSources({
    channelId: c.channelId,
    sources: urls,
    mode: c.mode,
    video: c.video,
    ...(c.mode === 'record' ? { retentionDays: c.retentionDays } : {}),
  });
  return moved as string;
}

/** A channel's last 24 h in five-minute buckets (issue 37): read when its chart is opened, not with each poll. */
export const liveHistory = (channelId: string) => consoleApi.operator.liveHealthHistory({ channelId });

/**
 * Puts the source at `position` on air now (decision 0383): it takes over once it delivers and stays, with no return
 * to the primary, until it fails. The list follows at once; the switch itself shows at the next poll or two.
 */
export async function switchToSource(c: LiveChannelView, position: number): Promise<void> {
  await consoleApi.operator.liveSourceSwitch({ channelId: c.channelId, position });
  await loadLiveChannels();
}
