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
import { insertChannel, listChannels, type StoredChannel } from '../store/channels.ts';
import type { Db } from '../store/db.ts';
import { ownStreamChannel } from '../store/ownStreamChannel.ts';
import { listPlans, plansNow } from '../store/plans.ts';

/**
 * The line-up as the console changes it (issue 18 §2, decision 0230): channels, their categories (the spec's
 * columns), plan and access rules. Every writer moves the channel's `updated_at` (the list's update time, which
 * viewers' apps compare) and the line-up version triggers do the rest.
 */
export type ChannelInput = RequestOf<typeof lineupChannelSave>;

const notFound = (what: string) => new DomainError(OperatorErrCode.NOT_FOUND, `No ${what}`, 404);
const invalid = (message: string) => new DomainError(ErrCode.INVALID_REQUEST, message, 400);

export function consoleChannel(db: Db, c: StoredChannel): ConsoleChannel {
  const imported = !!db.get(
    'SELECT 1 AS x FROM source_channels WHERE logical_channel_id = ?',
    c.logicalChannelId,
  );
  return toConsole(c, imported);
}

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

export function consoleChannels(db: Db): ConsoleChannel[] {
  const imported = new Set(
    db.all<{ id: string }>('SELECT logical_channel_id AS id FROM source_channels').map((r) => r.id),
  );
  return listChannels(db).map((c) => toConsole(c, imported.has(c.logicalChannelId)));
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

export function consoleCategories(db: Db): ConsoleCategory[] {
  return db
    .all<CategoryRow>(
      `SELECT c.column_id, c.column_name, c.column_seq,
         (SELECT COUNT(*) FROM channel_column_members m WHERE m.column_id = c.column_id) AS n
       FROM channel_columns c ORDER BY c.column_seq, c.column_id`,
    )
    .map(toCategory);
}

/** The products a channel may be granted by: free, and every plan's. */
const productsOf = (plans: Plan[]): string[] => [
  ...new Set([FREE_PRODUCT_ID, ...plans.map((p) => p.productId)]),
];

const channelProducts = (db: Db): string[] => productsOf(listPlans(db));

/**
 * The console's line-up screen on the asynchronous store: the channels (the kept line-up, each marked when a
 * source imported it), the categories with their counts and the products a channel may be granted by.
 */
export async function consoleLineupNow(db: Db) {
  const k = db.kysely;
  const [channels, imported, categories, plans] = await Promise.all([
    listChannels.now(db),
    k.selectFrom('source_channels').select('logical_channel_id').execute(),
    k
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
      .orderBy('c.column_id')
      .execute(),
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

export const findChannel = (db: Db, id: string): StoredChannel => channelIn(listChannels(db), id);

/** `findChannel` from the kept line-up, on the asynchronous store (the guide editor's day). */
export const findChannelNow = async (db: Db, id: string): Promise<StoredChannel> =>
  channelIn(await listChannels.now(db), id);

function checkInput(db: Db, input: ChannelInput): void {
  const columns = new Set(consoleCategories(db).map((c) => c.columnId));
  const unknown = input.columnIds.find((id) => !columns.has(id));
  if (unknown) throw invalid(`No category ${unknown}`);
  if (!channelProducts(db).includes(input.productId)) throw invalid(`No plan grants ${input.productId}`);
}

function writeRules(db: Db, id: string, input: ChannelInput): void {
  db.run(
    "DELETE FROM channel_content_rules WHERE logical_channel_id = ? AND (rule_category <> 'basic' OR rule_type <> 'account')",
    id,
  );
  const kept = db.get<{ n: number | null }>(
    'SELECT MAX(seq) AS n FROM channel_content_rules WHERE logical_channel_id = ?',
    id,
  )?.n;
  input.rules.forEach((r, i) => {
    db.run(
      `INSERT INTO channel_content_rules (logical_channel_id, seq, rule_category, action, rule_type, rule_value)
       VALUES (?, ?, 'basic', ?, ?, ?)`,
      id,
      (kept ?? -1) + 1 + i,
      r.action,
      r.ruleType,
      r.ruleValue.replace(/\s+/g, ''),
    );
  });
}

function writeColumns(db: Db, id: string, columnIds: readonly string[]): void {
  db.run('DELETE FROM channel_column_members WHERE logical_channel_id = ?', id);
  for (const col of new Set(columnIds)) {
    db.run('INSERT INTO channel_column_members (logical_channel_id, column_id) VALUES (?, ?)', id, col);
  }
}

/** Adds or changes a channel; answers it before and after (for the audit log). */
export function saveChannel(
  db: Db,
  input: ChannelInput,
  now: number,
): { before: ConsoleChannel | undefined; after: ConsoleChannel } {
  checkInput(db, input);
  return db.transaction(() => {
    let id = input.logicalChannelId;
    let before: ConsoleChannel | undefined;
    if (id) {
      before = consoleChannel(db, findChannel(db, id));
      db.run(
        'UPDATE channels SET logical_channel_name = ?, channel_seq = ?, product_id = ?, updated_at = ? WHERE logical_channel_id = ?',
        input.name,
        input.number,
        input.productId,
        now,
        id,
      );
    } else {
      id = `lc-op-${randomBytes(5).toString('hex')}`;
      // Fed by a live source of its own id (issue 17), like an imported channel.
      insertChannel(
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
    writeColumns(db, id, input.columnIds);
    writeRules(db, id, input);
    return { before, after: consoleChannel(db, findChannel(db, id)) };
  });
}

/** Points a channel at its uploaded logo (already stored by `storeLogo`). */
export function setChannelLogo(db: Db, id: string, iconUrl: string, now: number) {
  const before = consoleChannel(db, findChannel(db, id));
  db.run('UPDATE channels SET icon_url = ?, updated_at = ? WHERE logical_channel_id = ?', iconUrl, now, id);
  // An audio channel shows its logo as its poster too (seed rule): keep them the same picture.
  db.run('UPDATE channel_audio_posters SET url = ? WHERE logical_channel_id = ?', iconUrl, id);
  return { before, after: consoleChannel(db, findChannel(db, id)) };
}

/**
 * Moves a channel one place: it swaps numbers with its neighbour in line-up order; when both have the same
 * number, the moved one takes the next number over so the order really changes.
 */
export function moveChannel(db: Db, id: string, direction: 'up' | 'down', now: number) {
  const list = listChannels(db);
  const i = list.findIndex((c) => c.logicalChannelId === id);
  if (i < 0) throw notFound(`channel ${id}`);
  const j = direction === 'up' ? i - 1 : i + 1;
  const me = list[i] as StoredChannel;
  const other = list[j];
  if (!other) return { before: me.channelSeq, after: me.channelSeq };
  let mine = other.channelSeq;
  let theirs = me.channelSeq;
  if (mine === theirs) {
    mine = direction === 'up' ? Math.max(1, theirs - 1) : theirs + 1;
    if (mine === theirs) theirs += 1;
  }
  // The ids break ties between equal numbers: make the order strict where the swap could leave a tie.
  db.transaction(() => {
    const set = 'UPDATE channels SET channel_seq = ?, updated_at = ? WHERE logical_channel_id = ?';
    db.run(set, mine, now, me.logicalChannelId);
    db.run(set, theirs, now, other.logicalChannelId);
  });
  return { before: me.channelSeq, after: mine };
}

/** Removes a channel; everything it owns goes with it (foreign keys cascade), its guide days too. */
export function deleteChannel(db: Db, id: string): ConsoleChannel {
  const before = consoleChannel(db, findChannel(db, id));
  db.transaction(() => {
    const days = db.all<{ day: string }>('SELECT day FROM epg_days WHERE epg_id = ?', before.epgId);
    // Another channel may share the guide (spec §3 epgId): it is dropped only when no other channel uses it.
    const shared = db.get(
      'SELECT 1 AS x FROM channels WHERE epg_id = ? AND logical_channel_id <> ?',
      before.epgId,
      id,
    );
    db.run('DELETE FROM channels WHERE logical_channel_id = ?', id);
    if (!shared) {
      db.run('DELETE FROM epg_days WHERE epg_id = ?', before.epgId);
      for (const { day } of days) forgetGuideDay(db, before.epgId, day, LANGS);
    }
  });
  return before;
}

function findCategory(db: Db, id: string): ConsoleCategory {
  const c = consoleCategories(db).find((x) => x.columnId === id);
  if (!c) throw notFound(`category ${id}`);
  return c;
}

/**
 * A category's channels changed for viewers (its name, place or existence): their update time moves, so apps
 * comparing the list's update time fetch it again.
 */
function touchCategory(db: Db, columnId: string, now: number): void {
  db.run(
    'UPDATE channels SET updated_at = ? WHERE logical_channel_id IN (SELECT logical_channel_id FROM channel_column_members WHERE column_id = ?)',
    now,
    columnId,
  );
}

/** Adds a category (last) or renames one in every language (its translated names give way to the new one). */
export function saveCategory(db: Db, columnId: string | undefined, name: string, now: number) {
  return db.transaction(() => {
    if (columnId) {
      const before = findCategory(db, columnId);
      touchCategory(db, columnId, now);
      db.run('UPDATE channel_columns SET column_name = ? WHERE column_id = ?', name, columnId);
      db.run('DELETE FROM channel_column_names WHERE column_id = ?', columnId);
      return { before, after: findCategory(db, columnId) };
    }
    const id = `col-op-${randomBytes(5).toString('hex')}`;
    const seq =
      1 + (db.get<{ n: number | null }>('SELECT MAX(column_seq) AS n FROM channel_columns')?.n ?? 0);
    db.run(
      'INSERT INTO channel_columns (column_id, column_name, column_seq) VALUES (?, ?, ?)',
      id,
      name,
      seq,
    );
    return { before: undefined, after: findCategory(db, id) };
  });
}

export function moveCategory(db: Db, columnId: string, direction: 'up' | 'down', now: number) {
  const list = consoleCategories(db);
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
  db.transaction(() => {
    touchCategory(db, me.columnId, now);
    touchCategory(db, other.columnId, now);
    order.forEach((id, k) => {
      db.run('UPDATE channel_columns SET column_seq = ? WHERE column_id = ?', k + 1, id);
    });
  });
  return { before: list, after: consoleCategories(db) };
}

/** Removes a category; its channels stay in the line-up (without it). */
export function deleteCategory(db: Db, columnId: string, now: number): ConsoleCategory {
  const before = findCategory(db, columnId);
  db.transaction(() => {
    touchCategory(db, columnId, now);
    db.run('DELETE FROM channel_columns WHERE column_id = ?', columnId);
  });
  return before;
}
