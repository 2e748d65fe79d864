import { LANGS } from '@ottkit/api-client/contract';
import { guideWindow } from '../domain/epg.ts';
import { forgetGuideDay } from '../domain/guideCache.ts';
import { addDays, dayOf } from '../guide/days.ts';
import type { Db } from '../store/db.ts';
import {
  allGuideChannels,
  handMappings,
  listSourceChannels,
  type SourceChannel,
  type SourceCounts,
  setMapping,
} from '../store/sources.ts';
import type { SkipReport } from './entries.ts';
import type { StagedGuide } from './guide.ts';
import { applyGuidePlans, type GuidePlan, planChannelGuide, planHolds, useGuidePlan } from './guidePlan.ts';
import { type ChannelToMap, GuideIndex, type Mapping } from './mapping.ts';

// The guide side of an import (decisions 0170, 0173, 0295): each channel's mapping to a guide channel, and the
// guide days written for it. The line-up side (which channels, with which ids) is lineupApply.ts.

/** How far ahead an imported guide is kept (feeds often give 14 days; the server's window is shorter). */
export const IMPORTED_GUIDE_DAYS_AHEAD = 14;

/** Test seams of the guide's writing, inside the import's transaction (`ApplyHooks` adds the line-up's). */
export interface GuideHooks {
  /** Called inside the transaction once the replaced guide days are deleted, before the new ones go in. */
  midGuide?(): void;
  /** Called when a channel's guide is planned again inside the transaction (its prediction did not hold). */
  replanned?(epgId: string): void;
}

export const epgIdOf = (logicalChannelId: string) => `epg-${logicalChannelId}`;

/** Drops every stored day of a guide (its channel removed, or mapped elsewhere); returns how many. */
export function dropGuide(db: Db, epgId: string): number {
  const days = db.all<{ day: string }>('SELECT day FROM epg_days WHERE epg_id = ?', epgId);
  db.run('DELETE FROM epg_days WHERE epg_id = ?', epgId);
  for (const { day } of days) forgetGuideDay(db, epgId, day, LANGS);
  return days.length;
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
 * see (`channels`: this import's channels with the ids they will get and the other sources' channels, from
 * `channelsAfterImport`; the staged guide channels). A prediction the transaction does not confirm (the line-up
 * changed meanwhile) is planned again inside it, so it only costs time.
 */
export function planGuides(
  db: Db,
  sourceId: number,
  channels: readonly SourceChannel[],
  guide: StagedGuide,
  now: number,
  chunk: (fn: () => void) => void,
): Map<string, GuidePlan> {
  const guideChannels = [
    ...allGuideChannels(db).filter((g) => g.sourceId !== sourceId),
    ...[...guide.channels].map(([xmltvId, names]) => ({ sourceId, xmltvId, names })),
  ].sort((a, b) => a.sourceId - b.sourceId || (a.xmltvId < b.xmltvId ? -1 : a.xmltvId > b.xmltvId ? 1 : 0));
  const index = new GuideIndex(guideChannels);
  const hand = handMappings(db);
  const { firstDay, lastDay, today } = importDays(now);
  const plans = new Map<string, GuidePlan>();
  const PER_CHUNK = 50;
  for (let i = 0; i < channels.length; i += PER_CHUNK) {
    chunk(() => {
      for (const ch of channels.slice(i, i + PER_CHUNK)) {
        const m = mappingOf(ch, hand, index);
        if (!m || m.sourceId !== sourceId) continue;
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
  hooks: GuideHooks = {},
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
