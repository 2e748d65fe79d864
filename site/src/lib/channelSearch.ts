/**
 * Channel search (spec §1 "search", §2 /search): the viewer's line-up filtered by name or number. The line-up
 * is already what this viewer may see (access rules applied by the server), so matching it here finds
 * exactly the channels they could open.
 */

/** Most channels a search shows. */
export const CHANNEL_RESULTS_LIMIT = 24;

/** Lower case without accents: "Notícias" is found by "noticias". */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
const words = (s: string) => fold(s).match(/[\p{L}\p{N}]+/gu) ?? [];

interface Searchable {
  logicalChannelName: string;
  channelSeq?: number;
}

/**
 * The channels whose number is the keyword, or whose name has, for every word of the keyword, a word that
 * starts with it ("bus tod" finds "Business Today"). Number matches first, then name matches in line-up order.
 */
export function matchChannels<T extends Searchable>(
  channels: readonly T[],
  keyword: string,
  limit = CHANNEL_RESULTS_LIMIT,
): T[] {
  const wanted = words(keyword);
  if (wanted.length === 0) return [];
  const number = /^\d+$/.test(keyword.trim()) ? Number(keyword.trim()) : null;
  const byNumber = number === null ? [] : channels.filter((c) => c.channelSeq === number);
  const byName = channels.filter((c) => {
    if (byNumber.includes(c)) return false;
    const have = words(c.logicalChannelName);
    return wanted.every((w) => have.some((h) => h.startsWith(w)));
  });
  return [...byNumber, ...byName].slice(0, limit);
}
