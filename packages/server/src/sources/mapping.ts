/**
 * Guide mapping rules (decision 0170): a hand mapping wins; else tvg-id = XMLTV channel id (exactly, then
 * ignoring case); else the normalised channel name = a normalised display name of a guide channel.
 */

/** Words that say how a channel is delivered, not which channel it is. */
const NOISE = /\b(hd|fhd|uhd|sd|4k|8k|hevc|h\.?265|h\.?264|1080p?|720p?|backup|live)\b/g;

/**
 * A name reduced to what identifies the channel: "BBC One HD", "bbc-one" and "UK: BBC One (backup)" all give
 * "bbcone". Accents dropped, a leading country tag and bracketed notes removed, delivery words removed.
 */
export function normaliseName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/^\s*[a-z]{2,3}\s*[:|]\s*/, '')
    .replace(/[([{][^)\]}]*[)\]}]/g, ' ')
    .replace(/&/g, ' and ')
    .replace(NOISE, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

export interface GuideChannelRef {
  /** Which source's guide it comes from. */
  sourceId: number;
  xmltvId: string;
  names: string[];
}

export interface ChannelToMap {
  logicalChannelId: string;
  sourceId: number;
  tvgId: string;
  name: string;
}

export type MappedBy = 'hand' | 'id' | 'name';

export interface Mapping {
  sourceId: number;
  xmltvId: string;
  by: MappedBy;
}

/** Looks guide channels up by id and by normalised name; a channel's own source's guide is preferred. */
export class GuideIndex {
  private readonly byId = new Map<string, GuideChannelRef[]>();
  private readonly byLowerId = new Map<string, GuideChannelRef[]>();
  private readonly byName = new Map<string, GuideChannelRef[]>();
  readonly channels: readonly GuideChannelRef[];
  constructor(channels: readonly GuideChannelRef[]) {
    this.channels = channels;
    const add = (m: Map<string, GuideChannelRef[]>, k: string, c: GuideChannelRef) => {
      if (!k) return;
      const list = m.get(k);
      if (!list) m.set(k, [c]);
      else if (!list.includes(c)) list.push(c);
    };
    for (const c of channels) {
      add(this.byId, c.xmltvId, c);
      add(this.byLowerId, c.xmltvId.toLowerCase(), c);
      for (const n of c.names) add(this.byName, normaliseName(n), c);
    }
  }

  find(xmltvId: string, preferSource?: number): GuideChannelRef | undefined {
    return pick(this.byId.get(xmltvId), preferSource);
  }

  /** The automatic rule for one channel, or undefined when nothing matches. */
  auto(ch: ChannelToMap): Mapping | undefined {
    const byId = ch.tvgId
      ? (pick(this.byId.get(ch.tvgId), ch.sourceId) ??
        pick(this.byLowerId.get(ch.tvgId.toLowerCase()), ch.sourceId))
      : undefined;
    if (byId) return { sourceId: byId.sourceId, xmltvId: byId.xmltvId, by: 'id' };
    const key = normaliseName(ch.name);
    const byName = key ? pick(this.byName.get(key), ch.sourceId) : undefined;
    if (byName) return { sourceId: byName.sourceId, xmltvId: byName.xmltvId, by: 'name' };
    return undefined;
  }

  /** The closest guide channels by name, best first (for the unmapped report). */
  candidates(name: string, count = 3): Array<{ xmltvId: string; name: string; score: number }> {
    const key = normaliseName(name);
    const grams = bigrams(key);
    const scored: Array<{ xmltvId: string; name: string; score: number }> = [];
    for (const c of this.channels) {
      let best = 0;
      let bestName = c.names[0] ?? c.xmltvId;
      for (const n of [...c.names, c.xmltvId]) {
        const s = dice(grams, bigrams(normaliseName(n)));
        if (s > best) {
          best = s;
          // The report shows a display name even when the id matched best.
          bestName = n === c.xmltvId ? (c.names[0] ?? n) : n;
        }
      }
      if (best > 0) scored.push({ xmltvId: c.xmltvId, name: bestName, score: Math.round(best * 100) / 100 });
    }
    return scored.sort((a, b) => b.score - a.score || a.xmltvId.localeCompare(b.xmltvId)).slice(0, count);
  }
}

function pick(
  list: GuideChannelRef[] | undefined,
  preferSource: number | undefined,
): GuideChannelRef | undefined {
  if (!list) return undefined;
  return list.find((c) => c.sourceId === preferSource) ?? list[0];
}

function bigrams(s: string): Map<string, number> {
  const m = new Map<string, number>();
  if (s.length === 1) m.set(s, 1);
  for (let i = 0; i < s.length - 1; i++) {
    const g = s.slice(i, i + 2);
    m.set(g, (m.get(g) ?? 0) + 1);
  }
  return m;
}

/** Sørensen-Dice similarity of two bigram bags, 0..1. */
function dice(a: Map<string, number>, b: Map<string, number>): number {
  let total = 0;
  let common = 0;
  for (const v of a.values()) total += v;
  for (const [g, v] of b) {
    total += v;
    common += Math.min(v, a.get(g) ?? 0);
  }
  return total === 0 ? 0 : (2 * common) / total;
}
