import { REFRESH_MINUTES, type Source } from '@ottkit/api-client/contract';
import { type Actor, auditStatement } from '../operator/audit.ts';
import type { Db } from '../store/db.ts';
import { query, type Statements, transactionally } from '../store/kysely/transactionally.ts';
import {
  deleteSourceSteps,
  getSourceByName,
  guideChannelsNow,
  handMappingStatement,
  insertSourceSteps,
  type LineupSource,
  type NewSource,
  type SourceChanges,
  type SourceChannel,
  sourceByIdSteps,
  sourceByNameNow,
  sourceByNameSteps,
  sourceChannelsNow,
  updateSourceSteps,
} from '../store/sources.ts';
import { maskSecrets } from '../upstream/maskSecrets.ts';
import { forgetDayDigests } from './dayDigests.ts';
import { redact } from './importer.ts';
import { GuideIndex } from './mapping.ts';
import { refreshInWorker } from './refreshWorker.ts';

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

function checkRefreshMinutes(minutes: number): void {
  if (!Number.isInteger(minutes) || minutes < REFRESH_MINUTES.min || minutes > REFRESH_MINUTES.max)
    throw new SourceError(
      'invalid',
      `--refresh-minutes takes a whole number from ${REFRESH_MINUTES.min} to ${REFRESH_MINUTES.max}`,
    );
}

/**
 * Adds a source, audited by whoever adds it (`actor`; the entry shows `shown` when given, else the source as
 * answers show it), in one transaction of the asynchronous store (decision 0441). The name is unique.
 */
export function addSource(
  db: Db,
  s: NewSource,
  actor: Actor,
  now: number,
  shown?: Record<string, unknown>,
): Promise<LineupSource> {
  checkRefreshMinutes(s.refreshMinutes);
  const add = () =>
    transactionally(db, function* () {
      if (yield* sourceByNameSteps(db, s.name))
        throw new SourceError('exists', `A source named '${s.name}' exists already`);
      const source = yield* insertSourceSteps(db, s, now);
      yield* query(
        auditStatement(db, actor, 'source.add', source.name, { after: shown ?? publicSource(source) }, now),
      );
      return source;
    });
  // Two adds at once on PostgreSQL may take the same next id, or both find the name free: the second fails on the
  // table's key and is run again, and then takes the next id or says the name exists, in words.
  return add().catch((e: unknown) => {
    if ((e as { code?: string }).code === UNIQUE_VIOLATION) return add();
    throw e;
  });
}

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

/** A source as answers, pages and audit entries show it: never an Xtream password, secrets in URLs masked. */
export const publicSource = (s: LineupSource): Source => ({
  sourceId: s.sourceId,
  name: s.name,
  kind: s.kind,
  location: maskSecrets(s.kind === 'xtream' ? `${s.location} (user ${s.xtreamUser})` : s.location),
  guideLocation: maskSecrets(redact(s, s.guideLocation)),
  refreshMinutes: s.refreshMinutes,
  ...(s.groups ? { groups: s.groups } : {}),
  status: s.status,
  ...(s.lastRefreshAt === undefined ? {} : { lastRefreshAt: s.lastRefreshAt }),
  ...(s.lastDurationMs === undefined ? {} : { lastDurationMs: Math.round(s.lastDurationMs) }),
  lastError: maskSecrets(s.lastError),
  counts: { ...s.counts },
});

/**
 * Changes where a source reads from, its guide, its panel account or how often it is read (issue 37), audited.
 * What is not given stays; a user or password only for an Xtream account, a guide not for a guide. The next
 * refresh reads the new addresses. Answers the source as it is now.
 */
export function editSource(
  db: Db,
  name: string,
  changes: SourceChanges,
  actor: Actor,
  now: number,
): Promise<LineupSource> {
  if (changes.refreshMinutes !== undefined) checkRefreshMinutes(changes.refreshMinutes);
  return transactionally(db, function* () {
    const before = yield* namedSourceSteps(db, name);
    if (
      before.kind !== 'xtream' &&
      (changes.xtreamUser !== undefined || changes.xtreamPassword !== undefined)
    )
      throw new SourceError('invalid', 'Only an Xtream Codes account has a user and a password');
    if (before.kind === 'xmltv' && changes.guideLocation !== undefined)
      throw new SourceError('invalid', 'A guide source has no guide of its own: change its address instead');
    yield* updateSourceSteps(db, before.sourceId, changes);
    const after = yield* namedSourceSteps(db, name);
    // The entry says that a password changed, never what it is.
    const password = changes.xtreamPassword === undefined ? {} : { password: 'changed' };
    const change = { before: publicSource(before), after: { ...publicSource(after), ...password } };
    yield* query(auditStatement(db, actor, 'source.edit', name, change, now));
    return after;
  });
}

/** Removes a source, audited; its channels stay in the line-up (store/sources.ts). Answers how many it had. */
export async function removeSource(
  db: Db,
  name: string,
  dataDir: string,
  actor: Actor,
  now: number,
): Promise<number> {
  const { source, channels } = await transactionally(db, function* () {
    const source = yield* namedSourceSteps(db, name);
    const channels = yield* deleteSourceSteps(db, source.sourceId);
    const change = { before: publicSource(source), after: { channelsKept: channels } };
    yield* query(auditStatement(db, actor, 'source.remove', name, change, now));
    return { source, channels };
  });
  forgetDayDigests(dataDir, source.sourceId);
  return channels;
}

/** `namedSource` inside a transaction. */
function* namedSourceSteps(db: Db, name: string): Statements<LineupSource> {
  const s = yield* sourceByNameSteps(db, name);
  if (!s) throw notNamed(name);
  return s;
}

const notNamed = (name: string) =>
  new SourceError('notFound', `No source named '${name}' (see: sources status)`);

export function namedSource(db: Db, name: string): LineupSource {
  const s = getSourceByName(db, name);
  if (!s) throw notNamed(name);
  return s;
}

/** `namedSource` on the asynchronous store: the console's source card, and what its import and refresh start from. */
export async function namedSourceNow(db: Db, name: string): Promise<LineupSource> {
  const s = await sourceByNameNow(db, name);
  if (!s) throw notNamed(name);
  return s;
}

async function importedChannel(db: Db, channelId: string) {
  const [channel] = await sourceChannelsNow(db, channelId);
  if (!channel)
    throw new SourceError('notFound', `${channelId} is not an imported channel (see: guide unmapped)`);
  return channel;
}

/** How a hand mapping's source is re-read: off the caller's thread, by the server's clock. */
type Reread = { dataDir: string; now: () => number };

/**
 * Keeps a hand mapping (an xmltvId, or null for "no guide") with its audit entry in one transaction of the
 * asynchronous store, and answers the source to re-read so that it takes effect (issue 39, decision 0445).
 */
async function handMapped(
  db: Db,
  channel: SourceChannel,
  xmltvId: string | null,
  sourceId: number,
  actor: Actor,
  now: number,
): Promise<LineupSource> {
  const action = xmltvId === null ? 'guide.unmap' : 'guide.map';
  return transactionally(db, function* () {
    yield* query(handMappingStatement(db, channel.logicalChannelId, xmltvId, now));
    yield* query(auditStatement(db, actor, action, channel.logicalChannelId, { after: { xmltvId } }, now));
    const source = yield* sourceByIdSteps(db, sourceId);
    if (!source) throw new SourceError('notFound', `The source of ${channel.logicalChannelId} is gone`);
    return source;
  });
}

/**
 * Maps a channel to a guide channel by hand, audited, and re-reads that guide's source so it takes effect at once:
 * nothing of it runs on the caller's thread but asynchronous queries (the re-read is in a worker thread).
 */
export async function mapGuide(db: Db, channelId: string, xmltvId: string, actor: Actor, o: Reread) {
  const channel = await importedChannel(db, channelId);
  const found = new GuideIndex(await guideChannelsNow(db)).find(xmltvId, channel.sourceId);
  if (!found) {
    throw new SourceError(
      'notFound',
      `No guide channel '${xmltvId}' in any imported guide (see: guide unmapped for candidates)`,
    );
  }
  const guideSource = await handMapped(db, channel, xmltvId, found.sourceId, actor, o.now());
  await refreshInWorker(guideSource, o);
  return { channel, guideSource };
}

/** Leaves a channel without a guide (automatic mapping leaves it so), audited, and re-reads its source. */
export async function unmapGuide(db: Db, channelId: string, actor: Actor, o: Reread) {
  const channel = await importedChannel(db, channelId);
  await refreshInWorker(await handMapped(db, channel, null, channel.sourceId, actor, o.now()), o);
  return { channel };
}

/** Imported channels without a guide, each with its closest guide candidates. */
export async function unmappedReport(db: Db) {
  const [imported, guides] = await Promise.all([sourceChannelsNow(db), guideChannelsNow(db)]);
  const index = new GuideIndex(guides);
  const channels = imported
    .filter((c) => !c.xmltvId)
    .map((c) => ({ channel: c, candidates: index.candidates(c.name) }));
  return { channels, imported: imported.length };
}
