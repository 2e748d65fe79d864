import { drawnLogoUrl } from '../media/logoPaths.ts';
import { createHash } from 'node:crypto';
import { guideWindow } from '../domain/epg.ts';
import { forgetGuideDay } from '../domain/guideCache.ts';
import { addDays, dayOf } from '../guide/days.ts';
import { insertChannel } from '../store/channels.ts';
import { ownStreamChannel } from '../store/ownStreamChannel.ts';
import type { Db } from '../store/db.ts';
import {
  allGuideChannels,
  handMappings,
  type LineupSource,
  listSourceChannels,
  replaceGuideChannels,
  type SourceChannel,
  type SourceCounts,
  setMapping,
  upsertSourceChannel,
} from '../store/sources.ts';
import { type LineupEntry, SkipReport } from './entries.ts';
import type { StagedGuide } from './guide.ts';
import { applyGuidePlans, type GuidePlan, planChannelGuide, planHolds, useGuidePlan } from './guidePlan.ts';
import { type ChannelToMap, GuideIndex, type Mapping } from './mapping.ts';
import { LANGS } from '@ottkit/api-client/contract';

/** How far ahead an imported guide is kept (feeds often give 14 days; the server's window is shorter). */
export const IMPORTED_GUIDE_DAYS_AHEAD = 14;

/** Test seam: called after each channel is written, inside the transaction (atomicity tests fail here). */
export interface ApplyHooks {
  afterChannel?(index: number): void;
  /** Called inside the transaction once the replaced guide days are deleted, before the new ones go in. */
  midGuide?(): void;
  /** Called when a channel's guide is planned again inside the transaction (its prediction did not hold). */
  replanned?(epgId: string): void;
  /** Called once the guide is planned, before the transaction (the database's write lock is free). */
  afterPlan?(): void;
  /** Called for each guide day built from the staged rows (an unchanged day is not: decision 0295). */
  dayBuilt?(epgId: string, day: string): void;
}

export const epgIdOf = (logicalChannelId: string) => `epg-${logicalChannelId}`;

/** The kinds of identity key, strongest first: upstream id, tvg-id, name. */
const KEY_KINDS = ['stream:', 'id:', 'name:'] as const;

/** The identity keys of an entry, strongest first (decision 0171). */
function keysOf(e: LineupEntry): string[] {
  const keys: string[] = [];
  if (e.upstreamId) keys.push(`stream:${e.upstreamId}`);
  if (e.tvgId) keys.push(`id:${e.tvgId}`);
  keys.push(`name:${e.name.trim().toLowerCase()}`);
  return keys;
}

function keysOfStored(c: SourceChannel): string[] {
  const keys = [c.upstreamKey];
  if (c.tvgId) keys.push(`id:${c.tvgId}`);
  keys.push(`name:${c.name.trim().toLowerCase()}`);
  return keys;
}

/** Entries kept by the group choice, without duplicates (same first key): the first one wins. */
export function chooseEntries(
  entries: readonly LineupEntry[],
  groups: readonly string[] | undefined,
  skipped: SkipReport,
): LineupEntry[] {
  const wanted = groups && new Set(groups.map((g) => g.toLowerCase()));
  const seen = new Set<string>();
  const out: LineupEntry[] = [];
  for (const e of entries) {
    if (wanted && !wanted.has(e.group.toLowerCase())) continue;
    const key = keysOf(e)[0] as string;
    if (seen.has(key)) {
      skipped.add(e.at, 'duplicate channel (same id as an earlier one)', e.name);
      continue;
    }
    seen.add(key);
    out.push(e);
  }
  return out;
}

/**
 * Matches this import's entries to the source's stored channels: by the upstream key, then the tvg-id, then the
 * name (decision 0171). Each stored channel is claimed once; entries without a match are new.
 */
function matchChannels(entries: LineupEntry[], stored: SourceChannel[]): Array<SourceChannel | undefined> {
  const byKey = new Map<string, SourceChannel[]>();
  for (const c of stored)
    for (const k of keysOfStored(c)) {
      const list = byKey.get(k);
      if (list) list.push(c);
      else byKey.set(k, [c]);
    }
  const claimed = new Set<string>();
  const take = (k: string) => byKey.get(k)?.find((c) => !claimed.has(c.logicalChannelId));
  // Strongest keys first across all entries, so a renamed channel does not lose its id to a same-named newcomer.
  const result: Array<SourceChannel | undefined> = entries.map(() => undefined);
  for (const kind of KEY_KINDS) {
    entries.forEach((e, i) => {
      if (result[i]) return;
      const k = keysOf(e).find((key) => key.startsWith(kind));
      const hit = k === undefined ? undefined : take(k);
      if (hit) {
        claimed.add(hit.logicalChannelId);
        result[i] = hit;
      }
    });
  }
  return result;
}

/** The id each entry will have: the matched channel's, else the next of the source (never reused). */
function channelIds(
  entries: readonly LineupEntry[],
  stored: readonly SourceChannel[],
  matches: ReadonlyArray<SourceChannel | undefined>,
  sourceId: number,
): string[] {
  let nextId = 1;
  for (const c of stored) nextId = Math.max(nextId, 1 + (Number(c.logicalChannelId.split('-')[1]) || 0));
  return entries.map((_, i) => matches[i]?.logicalChannelId ?? `s${sourceId}-${nextId++}`);
}

function groupColumns(db: Db, sourceId: number, groups: string[]): Map<string, string> {
  const existing = new Map(
    db
      .all<{ column_id: string; group_name: string }>(
        'SELECT column_id, group_name FROM source_columns WHERE source_id = ?',
        sourceId,
      )
      .map((r) => [r.group_name, r.column_id]),
  );
  let seq = db.get<{ n: number | null }>('SELECT MAX(column_seq) AS n FROM channel_columns')?.n ?? 0;
  for (const g of groups) {
    if (existing.has(g)) continue;
    const id = `col-s${sourceId}-${createHash('sha256').update(g).digest('hex').slice(0, 12)}`;
    seq++;
    db.run('INSERT INTO channel_columns (column_id, column_name, column_seq) VALUES (?, ?, ?)', id, g, seq);
    db.run('INSERT INTO source_columns (column_id, source_id, group_name) VALUES (?, ?, ?)', id, sourceId, g);
    existing.set(g, id);
  }
  return existing;
}

function newChannel(
  id: string,
  e: LineupEntry,
  seq: number,
  columnId: string,
  productId: string,
  icon: string | undefined,
  now: number,
) {
  // The upstream logo as fetched and served by ottkit (never hot-linked), else one drawn from name and number.
  return ownStreamChannel(id, { name: e.name, seq, productId, iconUrl: icon, columnIds: [columnId], now });
}

/** Updates what an upstream may change of a kept channel; its id, rights and everything viewers own stay. */
function updateChannel(
  db: Db,
  id: string,
  e: LineupEntry,
  seq: number,
  columnId: string,
  icon: string | undefined,
  now: number,
): boolean {
  const cur = db.get<{ logical_channel_name: string; channel_seq: number; icon_url: string }>(
    'SELECT logical_channel_name, channel_seq, icon_url FROM channels WHERE logical_channel_id = ?',
    id,
  );
  const iconUrl = icon ?? cur?.icon_url ?? drawnLogoUrl(id);
  const member = db.get<{ n: number }>(
    'SELECT COUNT(*) AS n FROM channel_column_members WHERE logical_channel_id = ? AND column_id = ?',
    id,
    columnId,
  );
  const changed =
    cur?.logical_channel_name !== e.name ||
    cur?.channel_seq !== seq ||
    cur?.icon_url !== iconUrl ||
    member?.n !== 1;
  if (!changed) return false;
  db.run(
    `UPDATE channels SET logical_channel_name = ?, channel_seq = ?, icon_url = ?, updated_at = ?
     WHERE logical_channel_id = ?`,
    e.name,
    seq,
    iconUrl,
    now,
    id,
  );
  // Only the membership the source owns is replaced; columns an operator added by hand stay.
  db.run(
    `DELETE FROM channel_column_members WHERE logical_channel_id = ?
     AND column_id IN (SELECT column_id FROM source_columns)`,
    id,
  );
  db.run('INSERT INTO channel_column_members (logical_channel_id, column_id) VALUES (?, ?)', id, columnId);
  return true;
}

function dropGuide(db: Db, epgId: string): number {
  const days = db.all<{ day: string }>('SELECT day FROM epg_days WHERE epg_id = ?', epgId);
  db.run('DELETE FROM epg_days WHERE epg_id = ?', epgId);
  for (const { day } of days) forgetGuideDay(db, epgId, day, LANGS);
  return days.length;
}

/**
 * One import, all or nothing: the caller runs it inside one transaction. Channels of the source are matched to
 * the stored ones (kept ids), added or removed; groups become columns; every imported channel is (re)mapped;
 * the guides mapped to this source's feed are rewritten day by day, only where they changed.
 */
export function applyImport(
  db: Db,
  source: LineupSource,
  input: {
    entries: LineupEntry[] | undefined;
    skipped: SkipReport;
    guide: StagedGuide | undefined;
    /** Upstream logo URL → the path ottkit serves it from (fetched before the transaction). */
    logos?: Map<string, string>;
    /** The guides planned before the transaction, by epgId (`planGuides`). */
    plans?: Map<string, GuidePlan>;
  },
  now: number,
  hooks: ApplyHooks = {},
): SourceCounts {
  const skipped = new SkipReport();
  for (const [r, n] of input.skipped.counts) skipped.counts.set(r, n);
  const counts: SourceCounts = {};
  const sid = source.sourceId;

  if (input.entries) {
    const entries = chooseEntries(input.entries, source.groups, skipped);
    const stored = listSourceChannels(db, sid);
    const matches = matchChannels(entries, stored);
    const columns = groupColumns(db, sid, [...new Set(entries.map((e) => e.group))]);
    const ids = channelIds(entries, stored, matches, sid);
    let nextSeq = 1 + (db.get<{ n: number | null }>('SELECT MAX(channel_seq) AS n FROM channels')?.n ?? 0);
    const seqOf = new Map(
      db
        .all<{ logical_channel_id: string; channel_seq: number }>(
          'SELECT c.logical_channel_id, c.channel_seq FROM channels c JOIN source_channels s USING (logical_channel_id) WHERE s.source_id = ?',
          sid,
        )
        .map((r) => [r.logical_channel_id, r.channel_seq]),
    );
    // Keys are rewritten below; park them first so the (source, key) uniqueness holds at every step.
    db.run(`UPDATE source_channels SET upstream_key = '~' || logical_channel_id WHERE source_id = ?`, sid);
    let added = 0;
    let updated = 0;
    entries.forEach((e, i) => {
      const match = matches[i];
      const columnId = columns.get(e.group) as string;
      const id = ids[i] as string;
      const seq = e.number ?? (match ? (seqOf.get(id) as number) : nextSeq++);
      if (match) {
        if (updateChannel(db, id, e, seq, columnId, input.logos?.get(e.logo), now)) updated++;
      } else {
        insertChannel(db, newChannel(id, e, seq, columnId, source.productId, input.logos?.get(e.logo), now));
        added++;
      }
      upsertSourceChannel(db, {
        logicalChannelId: id,
        sourceId: sid,
        upstreamKey: keysOf(e)[0] as string,
        tvgId: e.tvgId,
        name: e.name,
        groupName: e.group,
        streamUrl: e.url,
        userAgent: e.userAgent,
        referrer: e.referrer,
        logoUrl: e.logo,
        guideSourceId: undefined,
        xmltvId: undefined,
        mappedBy: undefined,
      });
      hooks.afterChannel?.(i);
    });
    const kept = new Set(matches.filter(Boolean).map((m) => (m as SourceChannel).logicalChannelId));
    const gone = stored.filter((c) => !kept.has(c.logicalChannelId));
    for (const c of gone) {
      dropGuide(db, epgIdOf(c.logicalChannelId));
      db.run('DELETE FROM channels WHERE logical_channel_id = ?', c.logicalChannelId);
    }
    db.run(
      `DELETE FROM channel_columns WHERE column_id IN (SELECT column_id FROM source_columns WHERE source_id = ?)
       AND column_id NOT IN (SELECT column_id FROM channel_column_members)`,
      sid,
    );
    Object.assign(counts, { channels: entries.length, added, updated, removed: gone.length });
  }

  if (input.guide) {
    replaceGuideChannels(
      db,
      sid,
      [...input.guide.channels].map(([id, names]) => ({ id, names })),
    );
    counts.guideChannels = input.guide.channels.size;
    counts.programmes = input.guide.programmes;
    for (const [r, n] of input.guide.skipped.counts) skipped.counts.set(r, (skipped.counts.get(r) ?? 0) + n);
  }

  const result = remapAndWriteGuides(db, sid, input.guide, skipped, now, input.plans, hooks);
  Object.assign(counts, result);
  counts.skipped = Object.fromEntries(skipped.counts);
  return counts;
}

/** A channel's mapping: its hand mapping, else the automatic rules (decision 0170). */
function mappingOf(
  ch: ChannelToMap,
  hand: Map<string, string | null>,
  index: GuideIndex,
): Mapping | undefined {
  if (!hand.has(ch.logicalChannelId)) return index.auto(ch);
  const xmltvId = hand.get(ch.logicalChannelId);
  const found = xmltvId ? index.find(xmltvId, ch.sourceId) : undefined;
  return found && { sourceId: found.sourceId, xmltvId: found.xmltvId, by: 'hand' };
}

/** Days of the guide an import writes: the server's window back, the feed's days ahead. */
function importDays(now: number): { firstDay: string; lastDay: string; today: string } {
  const today = dayOf(now);
  return {
    firstDay: guideWindow(now)[0] as string,
    lastDay: addDays(today, IMPORTED_GUIDE_DAYS_AHEAD),
    today,
  };
}

/** Stored days not in the new guide are dropped from here on: today, or all of them when the mapping changed. */
const dropFromOf = (changed: boolean, today: string) => (changed ? '0000-00-00' : today);

/**
 * Plans, before the import's transaction and without the write lock (decision 0173), the guide of every channel
 * this import will map to this source's staged guide: the mappings are predicted from what the transaction will
 * see (this import's channels with the ids they will get, the other sources' channels, the staged guide
 * channels). A prediction the transaction does not confirm (the line-up changed meanwhile) is planned again
 * inside it, so it only costs time.
 */
export function planGuides(
  db: Db,
  source: LineupSource,
  entries: LineupEntry[] | undefined,
  guide: StagedGuide,
  now: number,
  chunk: (fn: () => void) => void,
): Map<string, GuidePlan> {
  const sid = source.sourceId;
  const guideChannels = [
    ...allGuideChannels(db).filter((g) => g.sourceId !== sid),
    ...[...guide.channels].map(([xmltvId, names]) => ({ sourceId: sid, xmltvId, names })),
  ].sort((a, b) => a.sourceId - b.sourceId || (a.xmltvId < b.xmltvId ? -1 : a.xmltvId > b.xmltvId ? 1 : 0));
  const index = new GuideIndex(guideChannels);
  const hand = handMappings(db);
  const channels: SourceChannel[] = listSourceChannels(db).filter((c) => !entries || c.sourceId !== sid);
  if (entries) {
    const chosen = chooseEntries(entries, source.groups, new SkipReport(0));
    const stored = listSourceChannels(db, sid);
    const matches = matchChannels(chosen, stored);
    const ids = channelIds(chosen, stored, matches, sid);
    chosen.forEach((e, i) => {
      const match = matches[i];
      channels.push({
        ...(match ?? {
          upstreamKey: '',
          groupName: '',
          streamUrl: '',
          userAgent: '',
          referrer: '',
          logoUrl: '',
        }),
        logicalChannelId: ids[i] as string,
        sourceId: sid,
        tvgId: e.tvgId,
        name: e.name,
        guideSourceId: match?.guideSourceId,
        xmltvId: match?.xmltvId,
        mappedBy: match?.mappedBy,
      });
    });
  }
  const { firstDay, lastDay, today } = importDays(now);
  const plans = new Map<string, GuidePlan>();
  const PER_CHUNK = 50;
  for (let i = 0; i < channels.length; i += PER_CHUNK) {
    chunk(() => {
      for (const ch of channels.slice(i, i + PER_CHUNK)) {
        const m = mappingOf(ch, hand, index);
        if (!m || m.sourceId !== sid) continue;
        const changed = m.sourceId !== ch.guideSourceId || m.xmltvId !== ch.xmltvId;
        const epgId = epgIdOf(ch.logicalChannelId);
        plans.set(
          epgId,
          planChannelGuide(
            db,
            epgId,
            m.xmltvId,
            dropFromOf(changed, today),
            firstDay,
            lastDay,
            guide.digests,
          ),
        );
      }
    });
  }
  return plans;
}

/**
 * Maps every imported channel (hand mapping, else the automatic rules of decision 0170) and rewrites the guides
 * fed by this source's staged guide, from the plan made before the transaction where it holds (else planned
 * here). A channel whose mapping left a guide loses that guide's days.
 */
export function remapAndWriteGuides(
  db: Db,
  sourceId: number,
  guide: StagedGuide | undefined,
  skipped: SkipReport,
  now: number,
  plans: Map<string, GuidePlan> = new Map(),
  hooks: ApplyHooks = {},
): Pick<SourceCounts, 'mapped' | 'unmapped' | 'daysChanged'> {
  const index = new GuideIndex(allGuideChannels(db));
  const hand = handMappings(db);
  const { firstDay, lastDay, today } = importDays(now);
  let mapped = 0;
  let unmapped = 0;
  let daysChanged = 0;
  for (const ch of listSourceChannels(db)) {
    const m = mappingOf(ch, hand, index);
    const changed = m?.sourceId !== ch.guideSourceId || m?.xmltvId !== ch.xmltvId;
    if (changed) setMapping(db, ch.logicalChannelId, m);
    const mine = ch.sourceId === sourceId || m?.sourceId === sourceId;
    if (mine) {
      if (m) mapped++;
      else unmapped++;
    }
    const epgId = epgIdOf(ch.logicalChannelId);
    if (m && guide && m.sourceId === sourceId) {
      const dropFrom = dropFromOf(changed, today);
      let plan = plans.get(epgId);
      if (plan?.xmltvId !== m.xmltvId || plan.dropFrom !== dropFrom || !planHolds(db, epgId)) {
        hooks.replanned?.(epgId);
        plan = planChannelGuide(db, epgId, m.xmltvId, dropFrom, firstDay, lastDay, guide.digests);
      }
      for (const [r, n] of plan.skipped.counts) skipped.counts.set(r, (skipped.counts.get(r) ?? 0) + n);
      daysChanged += useGuidePlan(db, epgId, plan);
    } else if (changed) daysChanged += dropGuide(db, epgId);
  }
  if (guide) applyGuidePlans(db, now, hooks.midGuide);
  return { mapped, unmapped, daysChanged };
}
