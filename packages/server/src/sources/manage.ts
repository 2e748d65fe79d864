import { REFRESH_MINUTES } from '@ottkit/api-client/contract';
import type { Db } from '../store/db.ts';
import {
  allGuideChannels,
  getSourceByName,
  insertSource,
  type LineupSource,
  listSourceChannels,
  listSources,
  type NewSource,
  putHandMapping,
} from '../store/sources.ts';
import { refreshSource } from './importer.ts';
import { GuideIndex } from './mapping.ts';

/**
 * What the CLI and the console's calls both do with sources (issue 16 and 18): one place for the rules.
 * A `SourceError` is the caller's mistake in words (the CLI prints it, a call answers it).
 */
export class SourceError extends Error {
  readonly kind: 'exists' | 'notFound' | 'invalid';
  constructor(kind: SourceError['kind'], message: string) {
    super(message);
    this.kind = kind;
  }
}

export function addSource(db: Db, s: NewSource, now: number): LineupSource {
  if (getSourceByName(db, s.name))
    throw new SourceError('exists', `A source named '${s.name}' exists already`);
  if (!Number.isInteger(s.refreshMinutes) || s.refreshMinutes < REFRESH_MINUTES.min)
    throw new SourceError(
      'invalid',
      `--refresh-minutes takes a whole number, ${REFRESH_MINUTES.min} or more`,
    );
  return insertSource(db, s, now);
}

export function namedSource(db: Db, name: string): LineupSource {
  const s = getSourceByName(db, name);
  if (!s) throw new SourceError('notFound', `No source named '${name}' (see: sources status)`);
  return s;
}

function importedChannel(db: Db, channelId: string) {
  const channel = listSourceChannels(db).find((c) => c.logicalChannelId === channelId);
  if (!channel)
    throw new SourceError('notFound', `${channelId} is not an imported channel (see: guide unmapped)`);
  return channel;
}

/** Maps a channel to a guide channel by hand and re-reads that guide's source so it takes effect at once. */
export async function mapGuide(db: Db, channelId: string, xmltvId: string, dataDir: string, now: number) {
  const channel = importedChannel(db, channelId);
  const found = new GuideIndex(allGuideChannels(db)).find(xmltvId, channel.sourceId);
  if (!found) {
    throw new SourceError(
      'notFound',
      `No guide channel '${xmltvId}' in any imported guide (see: guide unmapped for candidates)`,
    );
  }
  putHandMapping(db, channel.logicalChannelId, xmltvId, now);
  const guideSource = listSources(db).find((s) => s.sourceId === found.sourceId) as LineupSource;
  await refreshSource(db, guideSource, { dataDir });
  return { channel, guideSource };
}

/** Leaves a channel without a guide (automatic mapping leaves it so) and re-reads its source. */
export async function unmapGuide(db: Db, channelId: string, dataDir: string, now: number) {
  const channel = importedChannel(db, channelId);
  putHandMapping(db, channel.logicalChannelId, null, now);
  const own = listSources(db).find((s) => s.sourceId === channel.sourceId) as LineupSource;
  await refreshSource(db, own, { dataDir });
  return { channel };
}

/** Imported channels without a guide, each with its closest guide candidates. */
export function unmappedReport(db: Db) {
  const imported = listSourceChannels(db);
  const index = new GuideIndex(allGuideChannels(db));
  const channels = imported
    .filter((c) => !c.xmltvId)
    .map((c) => ({ channel: c, candidates: index.candidates(c.name) }));
  return { channels, imported: imported.length };
}
