import { REFUSED_INTERNAL, UpstreamRefused, upstreamAllowList } from '../upstream/address.ts';
import { openPull, type Pull } from '../upstream/pullRelay.ts';
import { resolveUpstream } from '../upstream/resolve.ts';

/**
 * Judges an HLS pull's host before ffmpeg opens it (decision 0359), on every start and restart: the reason it may
 * not start, in words, or undefined. ffmpeg resolves the name again and follows redirects and the playlist's own
 * URLs by itself; the decision record says what this leaves open.
 */
export async function refusalOfPull(url: string, allowSetting: string): Promise<string | undefined> {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return 'the source URL cannot be read';
  }
  try {
    await resolveUpstream(host, upstreamAllowList(allowSetting));
    return undefined;
  } catch (e) {
    if (e instanceof UpstreamRefused) return REFUSED_INTERNAL;
    return `the host could not be resolved (${(e as { code?: string }).code ?? (e as Error).message})`;
  }
}

/**
 * An HLS pull judged and opened: its host judged, then the relay that judges every fetch after it (decision 0364);
 * or why it may not start, in words. A channel's run and the console's input test open pulls only this way.
 */
export async function openJudgedPull(upstream: string, allow: string): Promise<Pull | string> {
  return (
    (await refusalOfPull(upstream, allow)) ??
    openPull(upstream, allow).catch((e: Error) => `the pull relay could not start (${e.message})`)
  );
}
