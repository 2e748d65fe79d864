import { type LineupEntry, NO_GROUP, SkipReport } from './entries.ts';
import { DEFAULT_LIMITS, type FetchLimits, isUrl, openSource, SourceError } from './input.ts';

/** An Xtream Codes account: the panel's address and the subscriber's credentials. */
export interface XtreamAccount {
  server: string;
  user: string;
  password: string;
}

/** Answers of player_api.php are JSON documents; this bounds how much of one is read. */
const MAX_JSON_BYTES = 64 * 1024 * 1024;

/** The panel's address, without a trailing slash. */
export function base(account: XtreamAccount): string {
  if (!isUrl(account.server))
    throw new SourceError(`the Xtream server must be an http(s) address: ${account.server}`);
  return account.server.replace(/\/+$/, '');
}

function credentials(account: XtreamAccount): string {
  return `username=${encodeURIComponent(account.user)}&password=${encodeURIComponent(account.password)}`;
}

/** Where the account's guide is (xmltv.php of the same panel). */
export function xtreamGuideUrl(account: XtreamAccount): string {
  return `${base(account)}/xmltv.php?${credentials(account)}`;
}

/** The HLS address of a live stream on the panel. */
export function xtreamStreamUrl(account: XtreamAccount, streamId: string): string {
  return `${base(account)}/live/${encodeURIComponent(account.user)}/${encodeURIComponent(account.password)}/${encodeURIComponent(streamId)}.m3u8`;
}

/** One player_api.php call (`action` may carry its own parameters: `get_series_info&series_id=7`). */
export async function apiCall(account: XtreamAccount, action: string, limits: FetchLimits): Promise<unknown> {
  const url = `${base(account)}/player_api.php?${credentials(account)}&action=${action}`;
  const parts: Uint8Array[] = [];
  try {
    for await (const c of openSource(url, { ...limits, maxBytes: Math.min(limits.maxBytes, MAX_JSON_BYTES) }))
      parts.push(c);
  } catch (e) {
    // Never echo the credentials in an error: the message names the panel and the call only.
    const msg = (e as Error).message.replaceAll(url, `${base(account)}/player_api.php (${action})`);
    throw new SourceError(msg);
  }
  const text = Buffer.concat(parts).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    throw new SourceError(
      `the Xtream panel did not answer ${action} with JSON (wrong server, or the account is refused)`,
    );
  }
}

export const str = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';

/** Live categories and streams of the account, as line-up entries (categories become groups). */
export async function readXtream(
  account: XtreamAccount,
  limits: FetchLimits = DEFAULT_LIMITS,
): Promise<{ entries: LineupEntry[]; skipped: SkipReport }> {
  const categories = await apiCall(account, 'get_live_categories', limits);
  const streams = await apiCall(account, 'get_live_streams', limits);
  if (!Array.isArray(categories) || !Array.isArray(streams))
    throw new SourceError('the Xtream panel refused the account (check the user name and password)');
  const groups = new Map<string, string>();
  for (const c of categories as Array<Record<string, unknown>>)
    groups.set(str(c?.category_id), str(c?.category_name));
  const skipped = new SkipReport();
  const entries: LineupEntry[] = [];
  (streams as Array<Record<string, unknown>>).forEach((s, i) => {
    const id = str(s?.stream_id);
    const name = str(s?.name).trim();
    if (!id) {
      skipped.add(i + 1, 'stream without stream_id', name);
      return;
    }
    if (!name) {
      skipped.add(i + 1, 'no channel name', id);
      return;
    }
    const num = Number(s.num);
    const archive = Number(s.tv_archive) === 1 ? Number(s.tv_archive_duration) || 0 : 0;
    entries.push({
      upstreamId: id,
      tvgId: str(s.epg_channel_id),
      name,
      group: groups.get(str(s.category_id)) || NO_GROUP,
      logo: str(s.stream_icon),
      number: Number.isInteger(num) && num > 0 ? num : undefined,
      url: xtreamStreamUrl(account, id),
      catchupDays: Math.min(Math.max(archive, 0), 30),
      catchupMode: archive > 0 ? 'xc' : '',
      catchupSource: '',
      userAgent: '',
      referrer: '',
      at: i + 1,
    });
  });
  return { entries, skipped };
}
