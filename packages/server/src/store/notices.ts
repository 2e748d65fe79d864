import type { Selectable } from 'kysely';
import type { NoticesTable } from './kysely/schema.generated.ts';
import type { Notice, Notification } from '@ottkit/api-client/contract';
import type { Db } from './db.ts';
import { keptPerVersion } from './versions.ts';

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

export function insertNotice(db: Db, n: NewNotice, now: number): void {
  db.transaction(() => {
    db.run(
      `INSERT INTO notices (notice_id, priority, title, msg, display_interval, display_times, background_color,
         text_color, text_size, created_at, valid_until, starts_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      n.id,
      n.priority,
      n.title,
      n.msg,
      n.displayInterval,
      n.displayTimes,
      n.properties.backgroundcolor,
      n.properties.textcolor,
      n.properties.textsize,
      now,
      n.validUntil,
      n.startsAt ?? null,
    );
    for (const m of new Set(n.displayMode)) {
      db.run('INSERT INTO notice_display_modes (notice_id, display_mode) VALUES (?, ?)', n.id, m);
    }
    for (const c of new Set(n.displayChannel)) {
      db.run('INSERT INTO notice_display_channels (notice_id, logical_channel_id) VALUES (?, ?)', n.id, c);
    }
  });
}

/**
 * The notices not withdrawn, with their modes and channels: kept by each process while the notices' version stays
 * (every page asks for its notices on a timer; decision 0432). Read on the synchronous store once per change.
 */
const keptNotices = keptPerVersion('notices', (db: Db) =>
  withModes(
    db,
    db.all<NoticeRow>(
      'SELECT * FROM notices WHERE withdrawn_at IS NULL ORDER BY priority DESC, created_at DESC, notice_id',
    ),
  ),
);

/**
 * Live notices (started, not withdrawn, not past their end), highest priority first, newest first among equals,
 * with the caller's read status: the notices from what the process keeps, the caller's reads asked only when
 * some notice is live.
 */
export async function listNotices(db: Db, now: number, accountId: string | null): Promise<Notice[]> {
  const live = (await keptNotices.now(db)).filter(
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

/**
 * Every notice (the console's list: scheduled, live, ended and withdrawn), newest first, at most `limit`; or
 * only `noticeId`.
 */
export function listAllNotices(db: Db, opts: { limit?: number; noticeId?: string } = {}) {
  const rows = db.all<NoticeRow>(
    'SELECT * FROM notices WHERE (? IS NULL OR notice_id = ?) ORDER BY created_at DESC, notice_id LIMIT ?',
    opts.noticeId ?? null,
    opts.noticeId ?? null,
    opts.limit ?? 200,
  );
  return withModes(db, rows).map(({ row, notice }) => ({
    ...notice,
    startsAt: row.starts_at === null ? null : Number(row.starts_at),
    endsAt: row.valid_until === null ? null : Number(row.valid_until),
    withdrawnAt: row.withdrawn_at === null ? null : Number(row.withdrawn_at),
  }));
}

/**
 * Every notice as the console lists it (`listAllNotices`, newest first), kept per version of the notices like the
 * viewers' (decision 0433): the console's notices screen.
 */
export const allNoticesNow = keptPerVersion('notices', (db: Db) => listAllNotices(db)).now;

/** The rows as notices without a read status, their modes and channels read once for all of them. */
function withModes(db: Db, rows: NoticeRow[]) {
  if (rows.length === 0) return [];
  const modes = db.all<{ notice_id: string; display_mode: number }>(
    'SELECT notice_id, display_mode FROM notice_display_modes ORDER BY display_mode',
  );
  const channels = db.all<{ notice_id: string; logical_channel_id: string }>(
    'SELECT notice_id, logical_channel_id FROM notice_display_channels ORDER BY logical_channel_id',
  );
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

export function withdrawNotice(db: Db, noticeId: string, now: number): boolean {
  return (
    db.run('UPDATE notices SET withdrawn_at = ? WHERE notice_id = ? AND withdrawn_at IS NULL', now, noticeId)
      .changes > 0
  );
}

export function insertNotification(
  db: Db,
  n: { msgId: string; accountId: string; title: string; content: string },
  now: number,
): void {
  db.run(
    `INSERT INTO notifications (msg_id, account_id, title, content, state, created_at)
     VALUES (?, ?, ?, ?, 'unread', ?)`,
    n.msgId,
    n.accountId,
    n.title,
    n.content,
    now,
  );
}

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

/**
 * One notification per subscriber account (guests have no message centre), in one transaction; `msgId` makes
 * each row's id. Answers how many were sent.
 */
export function insertNotificationForAll(
  db: Db,
  n: { title: string; content: string },
  msgId: () => string,
  now: number,
): number {
  return db.transaction(() => {
    const ids = db.all<{ account_id: string }>("SELECT account_id FROM accounts WHERE kind = 'user'");
    for (const { account_id } of ids) {
      insertNotification(
        db,
        { msgId: msgId(), accountId: account_id, title: n.title, content: n.content },
        now,
      );
    }
    return ids.length;
  });
}
