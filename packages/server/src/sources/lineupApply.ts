import { createHash } from 'node:crypto';
import { drawnLogoUrl } from '../media/logoPaths.ts';
import { insertChannel } from '../store/channels.ts';
import type { Db } from '../store/db.ts';
import { ownStreamChannel } from '../store/ownStreamChannel.ts';
import {
  type LineupSource,
  listSourceChannels,
  replaceGuideChannels,
  type SourceChannel,
  type SourceCounts,
  upsertSourceChannel,
} from '../store/sources.ts';
import { type LineupEntry, SkipReport } from './entries.ts';
import type { StagedGuide } from './guide.ts';
import { dropGuide, epgIdOf, type GuideHooks, remapAndWriteGuides } from './guideApply.ts';
import type { GuidePlan } from './guidePlan.ts';

// The line-up side of an import (decision 0171): which channels the source gives, matched to the stored ones so
// they keep their ids, and written with their columns; then the guide side (guideApply.ts), in one transaction.

/** The import's test seams: the guide's (GuideHooks) and the line-up's. */
export interface ApplyHooks extends GuideHooks {
  /** Called after each channel is written, inside the transaction (atomicity tests fail here). */
  afterChannel?(index: number): void;
  /** Called once the guide is planned, before the transaction (the database's write lock is free). */
  afterPlan?(): void;
  /** Called for each guide day built from the staged rows (an unchanged day is not: decision 0295). */
  dayBuilt?(epgId: string, day: string): void;
}

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

/**
 * Every source's channels as this import will leave them (decision 0173): the source's own replaced by its chosen
 * entries, with the ids they will get and the mappings they keep. The guide is planned on it before the
 * transaction (`planGuides`); without entries (a guide-only source) the stored channels stay as they are.
 */
export function channelsAfterImport(
  db: Db,
  source: LineupSource,
  entries: LineupEntry[] | undefined,
): SourceChannel[] {
  const sid = source.sourceId;
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
  return channels;
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
