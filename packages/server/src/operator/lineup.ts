import { randomBytes } from 'node:crypto';
import { ErrCode } from '@ottkit/api-client';
import {
  type ConsoleCategory,
  type ConsoleChannel,
  LANGS,
  type lineupChannelSave,
  OperatorErrCode,
  type Plan,
  type RequestOf,
} from '@ottkit/api-client/contract';
import { FREE_PRODUCT_ID } from '../domain/authority.ts';
import { DomainError } from '../domain/errors.ts';
import { forgetGuideDay } from '../domain/guideCache.ts';
import { channelSteps, insertChannelSteps, listChannels, type StoredChannel } from '../store/channels.ts';
import { query, type Statements } from '../store/kysely/transactionally.ts';
import type { Db } from '../store/db.ts';
import { ownStreamChannel } from '../store/ownStreamChannel.ts';
import { plansNow } from '../store/plans.ts';

/**
 * The line-up as the console changes it (issue 18 §2, decision 0230): channels, their categories (the spec's
 * columns), plan and access rules. Every writer moves the channel's `updated_at` (the list's update time, which
 * viewers' apps compare) and the line-up version triggers do the rest.
 */
export type ChannelInput = RequestOf<typeof lineupChannelSave>;

const notFound = (what: string) => new DomainError(OperatorErrCode.NOT_FOUND, `No ${what}`, 404);
const invalid = (message: string) => new DomainError(ErrCode.INVALID_REQUEST, message, 400);

function toConsole(c: StoredChannel, imported: boolean): ConsoleChannel {
  return {
    logicalChannelId: c.logicalChannelId,
    name: c.logicalChannelName,
    number: c.channelSeq,
    iconUrl: c.iconUrl,
    columnIds: [...c.columnIds],
    productId: c.productId,
    mode: c.channelType === 5 ? 'audio' : 'video',
    imported,
    // Account rules (member-site grants) are not an operator's to edit here; they stay as they are.
    rules: c.contentRuleList
      .filter((r) => r.ruleCategory === 'basic' && r.ruleType !== 'account')
      .map((r) => ({
        action: r.action,
        ruleType: r.ruleType as 'ip' | 'mac' | 'region',
        ruleValue: r.ruleValue,
      })),
    epgId: c.epgId,
  };
}

type CategoryRow = {
  column_id: string;
  column_name: string;
  column_seq: number;
  n: number | string | bigint;
};
const toCategory = (r: CategoryRow): ConsoleCategory => ({
  columnId: r.column_id,
  name: r.column_name,
  seq: r.column_seq,
  // PostgreSQL's counts are bigints, which `pg` answers as text.
  channels: Number(r.n),
});

/** The categories with their numbers of channels, in their order. */
const categoryRows = (db: Db) =>
  db.kysely
    .selectFrom('channel_columns as c')
    .select((eb) => [
      'c.column_id',
      'c.column_name',
      'c.column_seq',
      eb
        .selectFrom('channel_column_members as m')
        .select(eb.fn.countAll().as('n'))
        .whereRef('m.column_id', '=', 'c.column_id')
        .as('n'),
    ])
    .orderBy('c.column_seq')
    .orderBy('c.column_id');

/** The products a channel may be granted by: free, and every plan's. */
const productsOf = (plans: Plan[]): string[] => [
  ...new Set([FREE_PRODUCT_ID, ...plans.map((p) => p.productId)]),
];

/**
 * The console's line-up screen on the asynchronous store: the channels (the kept line-up, each marked when a
 * source imported it), the categories with their counts and the products a channel may be granted by.
 */
export async function consoleLineupNow(db: Db) {
  const k = db.kysely;
  const [channels, imported, categories, plans] = await Promise.all([
    listChannels.now(db),
    k.selectFrom('source_channels').select('logical_channel_id').execute(),
    categoryRows(db).execute(),
    plansNow(db),
  ]);
  const fromSources = new Set(imported.map((r) => r.logical_channel_id));
  return {
    channels: channels.map((c) => toConsole(c, fromSources.has(c.logicalChannelId))),
    categories: categories.map((r) => toCategory({ ...r, n: r.n ?? 0 })),
    products: productsOf(plans),
  };
}

function channelIn(channels: readonly StoredChannel[], id: string): StoredChannel {
  const c = channels.find((x) => x.logicalChannelId === id);
  if (!c) throw notFound(`channel ${id}`);
  return c;
}

/** A channel from the kept line-up, on the asynchronous store (the guide editor's day), or NOT_FOUND in words. */
export const findChannelNow = async (db: Db, id: string): Promise<StoredChannel> =>
  channelIn(await listChannels.now(db), id);

/** A channel's form checked against the categories and plans there are (read before its transaction). */
export async function checkChannelInput(db: Db, input: ChannelInput): Promise<void> {
  const { categories, products } = await consoleLineupNow(db);
  const columns = new Set(categories.map((c) => c.columnId));
  const unknown = input.columnIds.find((id) => !columns.has(id));
  if (unknown) throw invalid(`No category ${unknown}`);
  if (!products.includes(input.productId)) throw invalid(`No plan grants ${input.productId}`);
}

/** A channel as the console shows it, read inside a transaction; NOT_FOUND in words when there is none. */
export function* consoleChannelSteps(db: Db, id: string): Statements<ConsoleChannel> {
  const c = yield* channelSteps(db, id);
  if (!c) throw notFound(`channel ${id}`);
  const imported = (yield* query(
    db.kysely
      .selectFrom('source_channels')
      .select('logical_channel_id')
      .where('logical_channel_id', '=', id)
      .compile(),
  )).rows;
  return toConsole(c, imported.length > 0);
}

function* writeRulesSteps(db: Db, id: string, input: ChannelInput): Statements<void> {
  const k = db.kysely;
  // Account rules (member-site grants) are not an operator's to edit here: they stay, and the new rules follow them.
  yield* query(
    k
      .deleteFrom('channel_content_rules')
      .where('logical_channel_id', '=', id)
      .where((eb) => eb.or([eb('rule_category', '<>', 'basic'), eb('rule_type', '<>', 'account')]))
      .compile(),
  );
  const kept = (yield* query(
    k
      .selectFrom('channel_content_rules')
      .select((eb) => eb.fn.max('seq').as('n'))
      .where('logical_channel_id', '=', id)
      .compile(),
  )).rows[0]?.n;
  const first = (kept === null || kept === undefined ? -1 : Number(kept)) + 1;
  if (input.rules.length === 0) return;
  yield* query(
    k
      .insertInto('channel_content_rules')
      .values(
        input.rules.map((r, i) => ({
          logical_channel_id: id,
          seq: first + i,
          rule_category: 'basic',
          action: r.action,
          rule_type: r.ruleType,
          rule_value: r.ruleValue.replace(/\s+/g, ''),
        })),
      )
      .compile(),
  );
}

function* writeColumnsSteps(db: Db, id: string, columnIds: readonly string[]): Statements<void> {
  const k = db.kysely;
  yield* query(k.deleteFrom('channel_column_members').where('logical_channel_id', '=', id).compile());
  const rows = [...new Set(columnIds)].map((column_id) => ({ logical_channel_id: id, column_id }));
  if (rows.length > 0) yield* query(k.insertInto('channel_column_members').values(rows).compile());
}

/**
 * Adds or changes a channel; answers it before and after (for the audit log). Its form is checked first
 * (`checkChannelInput`), then this body runs in the call's transaction with the audit entry (decision 0439).
 */
export function* saveChannelSteps(
  db: Db,
  input: ChannelInput,
  now: number,
): Statements<{ before: ConsoleChannel | undefined; after: ConsoleChannel }> {
  let id = input.logicalChannelId;
  let before: ConsoleChannel | undefined;
  if (id) {
    before = yield* consoleChannelSteps(db, id);
    yield* query(
      db.kysely
        .updateTable('channels')
        .set({
          logical_channel_name: input.name,
          channel_seq: input.number,
          product_id: input.productId,
          updated_at: now,
        })
        .where('logical_channel_id', '=', id)
        .compile(),
    );
  } else {
    id = `lc-op-${randomBytes(5).toString('hex')}`;
    // Fed by a live source of its own id (issue 17), like an imported channel.
    yield* insertChannelSteps(
      db,
      ownStreamChannel(id, {
        name: input.name,
        seq: input.number,
        productId: input.productId,
        iconUrl: undefined,
        columnIds: [],
        now,
      }),
    );
  }
  yield* writeColumnsSteps(db, id, input.columnIds);
  yield* writeRulesSteps(db, id, input);
  return { before, after: yield* consoleChannelSteps(db, id) };
}

/** Points a channel at its uploaded logo (already stored by `storeLogo`). */
export function* setChannelLogoSteps(db: Db, id: string, iconUrl: string, now: number) {
  const before = yield* consoleChannelSteps(db, id);
  const k = db.kysely;
  yield* query(
    k
      .updateTable('channels')
      .set({ icon_url: iconUrl, updated_at: now })
      .where('logical_channel_id', '=', id)
      .compile(),
  );
  // An audio channel shows its logo as its poster too (seed rule): keep them the same picture.
  yield* query(
    k
      .updateTable('channel_audio_posters')
      .set({ url: iconUrl })
      .where('logical_channel_id', '=', id)
      .compile(),
  );
  return { before, after: yield* consoleChannelSteps(db, id) };
}

/**
 * Moves a channel one place: it swaps numbers with its neighbour in line-up order; when both have the same
 * number, the moved one takes the next number over so the order really changes.
 */
export function* moveChannelSteps(db: Db, id: string, direction: 'up' | 'down', now: number) {
  const k = db.kysely;
  const list = (yield* query(
    k
      .selectFrom('channels')
      .select(['logical_channel_id', 'channel_seq'])
      .orderBy('channel_seq')
      .orderBy('logical_channel_id')
      .compile(),
  )).rows;
  const i = list.findIndex((c) => c.logical_channel_id === id);
  if (i < 0) throw notFound(`channel ${id}`);
  const me = list[i] as (typeof list)[number];
  const other = list[direction === 'up' ? i - 1 : i + 1];
  if (!other) return { before: me.channel_seq, after: me.channel_seq };
  let mine = other.channel_seq;
  let theirs = me.channel_seq;
  if (mine === theirs) {
    mine = direction === 'up' ? Math.max(1, theirs - 1) : theirs + 1;
    if (mine === theirs) theirs += 1;
  }
  // The ids break ties between equal numbers: make the order strict where the swap could leave a tie.
  for (const [seq, who] of [
    [mine, me.logical_channel_id],
    [theirs, other.logical_channel_id],
  ] as const) {
    yield* query(
      k
        .updateTable('channels')
        .set({ channel_seq: seq, updated_at: now })
        .where('logical_channel_id', '=', who)
        .compile(),
    );
  }
  return { before: me.channel_seq, after: mine };
}

/**
 * Removes a channel; everything it owns goes with it (foreign keys cascade), its guide days too. Answers it as it
 * was, and the guide days to forget in the processes' caches once the transaction commits.
 */
export function* deleteChannelSteps(
  db: Db,
  id: string,
): Statements<{ before: ConsoleChannel; days: string[] }> {
  const k = db.kysely;
  const before = yield* consoleChannelSteps(db, id);
  const days = (yield* query(
    k.selectFrom('epg_days').select('day').where('epg_id', '=', before.epgId).compile(),
  )).rows;
  // Another channel may share the guide (spec §3 epgId): it is dropped only when no other channel uses it.
  const shared = (yield* query(
    k
      .selectFrom('channels')
      .select('logical_channel_id')
      .where('epg_id', '=', before.epgId)
      .where('logical_channel_id', '<>', id)
      .limit(1)
      .compile(),
  )).rows;
  yield* query(k.deleteFrom('channels').where('logical_channel_id', '=', id).compile());
  if (shared.length > 0) return { before, days: [] };
  yield* query(k.deleteFrom('epg_days').where('epg_id', '=', before.epgId).compile());
  return { before, days: days.map((d) => d.day) };
}

/** After a channel's removal committed: its guide days leave every process's cache. */
export const forgetChannelGuide = (db: Db, epgId: string, days: string[]) => {
  for (const day of days) forgetGuideDay(db, epgId, day, LANGS);
};

/** The categories with their numbers of channels, read inside a transaction. */
function* categoriesSteps(db: Db): Statements<ConsoleCategory[]> {
  const { rows } = yield* query(categoryRows(db).compile());
  return rows.map((r) => toCategory({ ...r, n: r.n ?? 0 }));
}

function* findCategorySteps(db: Db, id: string): Statements<ConsoleCategory> {
  const c = (yield* categoriesSteps(db)).find((x) => x.columnId === id);
  if (!c) throw notFound(`category ${id}`);
  return c;
}

/**
 * A category's channels changed for viewers (its name, place or existence): their update time moves, so apps
 * comparing the list's update time fetch it again.
 */
function* touchCategorySteps(db: Db, columnId: string, now: number): Statements<void> {
  yield* query(
    db.kysely
      .updateTable('channels')
      .set({ updated_at: now })
      .where('logical_channel_id', 'in', (eb) =>
        eb
          .selectFrom('channel_column_members')
          .select('logical_channel_id')
          .where('column_id', '=', columnId),
      )
      .compile(),
  );
}

/** Adds a category (last) or renames one in every language (its translated names give way to the new one). */
export function* saveCategorySteps(db: Db, columnId: string | undefined, name: string, now: number) {
  const k = db.kysely;
  if (columnId) {
    const before = yield* findCategorySteps(db, columnId);
    yield* touchCategorySteps(db, columnId, now);
    yield* query(
      k.updateTable('channel_columns').set({ column_name: name }).where('column_id', '=', columnId).compile(),
    );
    yield* query(k.deleteFrom('channel_column_names').where('column_id', '=', columnId).compile());
    return { before: before as ConsoleCategory | undefined, after: yield* findCategorySteps(db, columnId) };
  }
  const id = `col-op-${randomBytes(5).toString('hex')}`;
  const last = (yield* query(
    k
      .selectFrom('channel_columns')
      .select((eb) => eb.fn.max('column_seq').as('n'))
      .compile(),
  )).rows[0]?.n;
  yield* query(
    k
      .insertInto('channel_columns')
      .values({ column_id: id, column_name: name, column_seq: 1 + Number(last ?? 0) })
      .compile(),
  );
  return { before: undefined as ConsoleCategory | undefined, after: yield* findCategorySteps(db, id) };
}

export function* moveCategorySteps(db: Db, columnId: string, direction: 'up' | 'down', now: number) {
  const list = yield* categoriesSteps(db);
  const i = list.findIndex((c) => c.columnId === columnId);
  if (i < 0) throw notFound(`category ${columnId}`);
  const me = list[i] as ConsoleCategory;
  const other = list[direction === 'up' ? i - 1 : i + 1];
  if (!other) return { before: list, after: list };
  // Renumbered 1..n in the new order, so equal numbers never leave the move without effect.
  const order = list.map((c) => c.columnId);
  const j = order.indexOf(other.columnId);
  order[i] = other.columnId;
  order[j] = me.columnId;
  yield* touchCategorySteps(db, me.columnId, now);
  yield* touchCategorySteps(db, other.columnId, now);
  for (const [k, id] of order.entries()) {
    yield* query(
      db.kysely
        .updateTable('channel_columns')
        .set({ column_seq: k + 1 })
        .where('column_id', '=', id)
        .compile(),
    );
  }
  return { before: list, after: yield* categoriesSteps(db) };
}

/** Removes a category; its channels stay in the line-up (without it). */
export function* deleteCategorySteps(db: Db, columnId: string, now: number): Statements<ConsoleCategory> {
  const before = yield* findCategorySteps(db, columnId);
  yield* touchCategorySteps(db, columnId, now);
  yield* query(db.kysely.deleteFrom('channel_columns').where('column_id', '=', columnId).compile());
  return before;
}
