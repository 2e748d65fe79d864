import type { CompiledQuery, Selectable } from 'kysely';
import type { NoticesTable } from './kysely/schema.generated.ts';
import type { Notice, Notification } from '@ottkit/api-client/contract';
import type { Db } from './db.ts';
import { query, type Statements } from './kysely/transactionally.ts';
import { keptNowPerVersion } from './versions.ts';

type NoticeRow = Selectable<NoticesTable>;

export interface NewNotice {
  id: string;
  priority: number;
  title: string;
  msg: string;
  displayMode: number[];
  displayChannel: string[];
  displayInterval: number;
  displayTimes: number;
  properties: { backgroundcolor: string; textcolor: string; textsize: number };
  validUntil: number | null;
  /** Epoch ms it starts showing; null (or absent) from now. */
  startsAt?: number | null;
}

/** A new notice with its display modes and channels, as statements of one transaction. */
export function noticeStatements(db: Db, n: NewNotice, now: number): CompiledQuery[] {
  const k = db.kysely;
  const modes = [...new Set(n.displayMode)].map((display_mode) => ({ notice_id: n.id, display_mode }));
  const channels = [...new Set(n.displayChannel)].map((logical_channel_id) => ({
    notice_id: n.id,
    logical_channel_id,
  }));
  return [
    k
      .insertInto('notices')
      .values({
        notice_id: n.id,
        priority: n.priority,
        title: n.title,
        msg: n.msg,
        display_interval: n.displayInterval,
        display_times: n.displayTimes,
        background_color: n.properties.backgroundcolor,
        text_color: n.properties.textcolor,
        text_size: n.properties.textsize,
        created_at: now,
        valid_until: n.validUntil,
        starts_at: n.startsAt ?? null,
      })
      .compile(),
    ...(modes.length > 0 ? [k.insertInto('notice_display_modes').values(modes).compile()] : []),
    ...(channels.length > 0 ? [k.insertInto('notice_display_channels').values(channels).compile()] : []),
  ];
}

/**
 * The notices not withdrawn, with their modes and channels: kept by each process while the notices' version stays
 * (every page asks for its notices on a timer; decision 0432), and read again on the asynchronous store once per
 * change (decision 0434).
 */
const keptNotices = keptNowPerVersion('notices', async (db: Db) =>
  withModes(
    db,
    await db.kysely
      .selectFrom('notices')
      .selectAll()
      .where('withdrawn_at', 'is', null)
      .orderBy('priority', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('notice_id')
      .execute(),
  ),
);

/**
 * Live notices (started, not withdrawn, not past their end), highest priority first, newest first among equals,
 * with the caller's read status: the notices from what the process keeps, the caller's reads asked only when
 * some notice is live.
 */
export async function listNotices(db: Db, now: number, accountId: string | null): Promise<Notice[]> {
  const live = (await keptNotices(db)).filter(
    ({ row }) =>
      (row.valid_until === null || row.valid_until > now) && (row.starts_at === null || row.starts_at <= now),
  );
  const reads =
    accountId && live.length > 0
      ? await db.kysely
          .selectFrom('notice_reads')
          .select('notice_id')
          .where('account_id', '=', accountId)
          .execute()
      : [];
  const read = new Set(reads.map((r) => r.notice_id));
  return live.map(({ row, notice }) => ({ ...notice, readStatus: read.has(row.notice_id) ? 1 : 0 }));
}

/** A notice as the console lists it: with when it starts, ends and was withdrawn. */
const consoleNoticeOf = ({ row, notice }: ReturnType<typeof noticesOf>[number]) => ({
  ...notice,
  startsAt: row.starts_at === null ? null : Number(row.starts_at),
  endsAt: row.valid_until === null ? null : Number(row.valid_until),
  withdrawnAt: row.withdrawn_at === null ? null : Number(row.withdrawn_at),
});

/** A notice as the console lists it. */
export type ConsoleNoticeRow = ReturnType<typeof consoleNoticeOf>;

/** One notice as the console lists it, read inside a transaction's body (a change of it, with its audit). */
export function* consoleNoticeIn(db: Db, noticeId: string): Statements<ConsoleNoticeRow | undefined> {
  const k = db.kysely;
  const rows = (yield* query(k.selectFrom('notices').selectAll().where('notice_id', '=', noticeId).compile()))
    .rows;
  if (rows.length === 0) return undefined;
  const modes = (yield* query(
    k
      .selectFrom('notice_display_modes')
      .select(['notice_id', 'display_mode'])
      .where('notice_id', '=', noticeId)
      .orderBy('display_mode')
      .compile(),
  )).rows;
  const channels = (yield* query(
    k
      .selectFrom('notice_display_channels')
      .select(['notice_id', 'logical_channel_id'])
      .where('notice_id', '=', noticeId)
      .orderBy('logical_channel_id')
      .compile(),
  )).rows;
  return noticesOf(rows, modes, channels).map(consoleNoticeOf)[0];
}

/**
 * Every notice as the console lists it (scheduled, live, ended and withdrawn; newest first, at most 200), kept per
 * version of the notices like the viewers' (decisions 0433, 0434): the console's notices screen.
 */
export const allNoticesNow = keptNowPerVersion('notices', async (db: Db) => {
  const rows = await db.kysely
    .selectFrom('notices')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('notice_id')
    .limit(200)
    .execute();
  return (await withModes(db, rows)).map(consoleNoticeOf);
});

/** The rows as notices without a read status, their modes and channels read at once for all of them. */
async function withModes(db: Db, rows: NoticeRow[]) {
  if (rows.length === 0) return [];
  // Those of these notices, or every one's when they are many (a list of ids is one parameter each).
  const ids = rows.length <= 500 ? rows.map((r) => r.notice_id) : undefined;
  const k = db.kysely;
  const modes = k
    .selectFrom('notice_display_modes')
    .select(['notice_id', 'display_mode'])
    .orderBy('display_mode');
  const channels = k
    .selectFrom('notice_display_channels')
    .select(['notice_id', 'logical_channel_id'])
    .orderBy('logical_channel_id');
  const [m, c] = await Promise.all([
    (ids ? modes.where('notice_id', 'in', ids) : modes).execute(),
    (ids ? channels.where('notice_id', 'in', ids) : channels).execute(),
  ]);
  return noticesOf(rows, m, c);
}

/** Notices without a read status, from their rows, modes and channels. */
function noticesOf(
  rows: NoticeRow[],
  modes: { notice_id: string; display_mode: number }[],
  channels: { notice_id: string; logical_channel_id: string }[],
) {
  return rows.map((r) => ({
    row: r,
    notice: {
      id: r.notice_id,
      priority: r.priority,
      title: r.title,
      msg: r.msg,
      displayMode: modes
        .filter((m) => m.notice_id === r.notice_id)
        .map((m) => m.display_mode) as Notice['displayMode'],
      displayChannel: channels.filter((c) => c.notice_id === r.notice_id).map((c) => c.logical_channel_id),
      displayInterval: Number(r.display_interval),
      displayTimes: r.display_times,
      properties: { backgroundcolor: r.background_color, textcolor: r.text_color, textsize: r.text_size },
      createdAt: Number(r.created_at),
    },
  }));
}

export async function noticeExists(db: Db, noticeId: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('notices')
    .select('notice_id')
    .where('notice_id', '=', noticeId)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** read = true records the read (idempotent); false forgets it. */
export async function setNoticeRead(
  db: Db,
  noticeId: string,
  accountId: string,
  read: boolean,
  now: number,
): Promise<void> {
  const k = db.kysely;
  await (read
    ? k
        .insertInto('notice_reads')
        .values({ notice_id: noticeId, account_id: accountId, read_at: now })
        .onConflict((c) => c.doNothing())
        .execute()
    : k
        .deleteFrom('notice_reads')
        .where('notice_id', '=', noticeId)
        .where('account_id', '=', accountId)
        .execute());
}

/** Withdraws a notice now: a statement that changes one row, or none when it was withdrawn already. */
export const withdrawNoticeStatement = (db: Db, noticeId: string, now: number) =>
  db.kysely
    .updateTable('notices')
    .set({ withdrawn_at: now })
    .where('notice_id', '=', noticeId)
    .where('withdrawn_at', 'is', null)
    .compile();

/** The same notification to these accounts, as one statement (a broadcast's chunk, decision 0434). */
export const notificationsStatement = (
  db: Db,
  accountIds: readonly string[],
  n: { title: string; content: string },
  msgId: () => string,
  now: number,
) =>
  db.kysely
    .insertInto('notifications')
    .values(
      accountIds.map((account_id) => ({
        msg_id: msgId(),
        account_id,
        title: n.title,
        content: n.content,
        state: 'unread',
        created_at: now,
      })),
    )
    .compile();

/** The caller's unread notifications, on the asynchronous store: every signed-in page asks it on a timer. */
export async function countUnread(db: Db, accountId: string): Promise<number> {
  const row = await db.kysely
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('state', '=', 'unread')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function listNotifications(
  db: Db,
  accountId: string,
  pageId: number,
  pageSize: number,
): Promise<{ total: number; list: Notification[] }> {
  const kept = db.kysely
    .selectFrom('notifications')
    .where('account_id', '=', accountId)
    .where('state', '<>', 'deleted');
  const [counted, rows] = await Promise.all([
    kept.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    kept
      .select(['msg_id', 'title', 'content', 'state', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('msg_id')
      .limit(pageSize)
      .offset((pageId - 1) * pageSize)
      .execute(),
  ]);
  const list = rows.map((r) => ({
    msgId: r.msg_id,
    title: r.title,
    content: r.content,
    state: r.state as 'unread' | 'read',
    createdAt: Number(r.created_at),
  }));
  return { total: Number(counted?.n ?? 0), list };
}

/** Only the owner's notifications change; false when there is no such (undeleted) notification. */
export async function setNotificationState(
  db: Db,
  accountId: string,
  msgId: string,
  state: 'unread' | 'read' | 'deleted',
): Promise<boolean> {
  const changed = await db.kysely
    .updateTable('notifications')
    .set({ state })
    .where('msg_id', '=', msgId)
    .where('account_id', '=', accountId)
    .where('state', '<>', 'deleted')
    .executeTakeFirst();
  return changed.numUpdatedRows > 0n;
}
