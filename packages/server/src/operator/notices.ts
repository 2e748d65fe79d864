import {
  type ConsoleNotice,
  type NoticeCompose,
  noticeComposeSchema,
  OperatorErrCode,
} from '@ottkit/api-client/contract';
import { newMsgId, publishNoticeIn } from '../domain/notices.ts';
import { DomainError } from '../domain/errors.ts';
import type { Db } from '../store/db.ts';
import { query, type Statements, transactionally } from '../store/kysely/transactionally.ts';
import {
  allNoticesNow,
  type ConsoleNoticeRow,
  consoleNoticeIn,
  notificationsStatement,
  withdrawNoticeStatement,
} from '../store/notices.ts';
import { type Actor, auditStatement } from './audit.ts';
import { BROADCAST_CHUNK } from './broadcastJob.ts';

/** The console's notices (issue 18 §6, decision 0245): every change audited in its own transaction. */
type Stored = ConsoleNoticeRow;

const statusOf = (n: Stored, now: number): ConsoleNotice['status'] =>
  n.withdrawnAt !== null
    ? 'withdrawn'
    : n.endsAt !== null && n.endsAt <= now
      ? 'ended'
      : n.startsAt !== null && n.startsAt > now
        ? 'scheduled'
        : 'live';

const toConsole = (n: Stored, now: number): ConsoleNotice => ({ ...n, status: statusOf(n, now) });

export const consoleNotices = async (db: Db, now: number): Promise<ConsoleNotice[]> =>
  (await allNoticesNow(db)).map((n) => toConsole(n, now));

/** Publishes a notice from the console (the same rule as the CLI's `notice publish`), audited in its transaction. */
export function composeNotice(
  db: Db,
  actor: Actor,
  input: NoticeCompose,
  now: number,
): Promise<ConsoleNotice> {
  const { startsAt, endsAt, ...notice } = noticeComposeSchema.parse(input);
  return transactionally(db, function* () {
    const after = toConsole(yield* publishNoticeIn(db, notice, now, endsAt ?? null, startsAt ?? null), now);
    yield* query(auditStatement(db, actor, 'notice.publish', after.id, { after }, now));
    return after;
  });
}

/** The notice, read inside a change's transaction; not found in words. */
function* noticeIn(db: Db, noticeId: string, now: number): Statements<ConsoleNotice> {
  const n = yield* consoleNoticeIn(db, noticeId);
  if (!n) throw new DomainError(OperatorErrCode.NOT_FOUND, `No notice ${noticeId}`);
  return toConsole(n, now);
}

/** Withdraws a notice at once; withdrawing one already withdrawn changes nothing and records nothing. */
export function withdrawConsoleNotice(
  db: Db,
  actor: Actor,
  noticeId: string,
  now: number,
): Promise<ConsoleNotice> {
  return transactionally(db, function* () {
    const before = yield* noticeIn(db, noticeId, now);
    const withdrawn = yield* query(withdrawNoticeStatement(db, noticeId, now));
    if (Number(withdrawn.numAffectedRows) === 0) return before;
    const after = yield* noticeIn(db, noticeId, now);
    yield* query(auditStatement(db, actor, 'notice.withdraw', noticeId, { before, after }, now));
    return after;
  });
}

/** A subscriber by email (any case), account id or virtual code; guests have no message centre. */
function* subscriberIn(db: Db, to: string): Statements<string> {
  const [row] = (yield* query(
    db.kysely
      .selectFrom('accounts')
      .select('account_id')
      .where('kind', '=', 'user')
      .where((eb) =>
        eb.or([eb('email', '=', to.toLowerCase()), eb('account_id', '=', to), eb('virtual_code', '=', to)]),
      )
      .compile(),
  )).rows;
  if (!row) throw new DomainError(OperatorErrCode.NOT_FOUND, `No subscriber ${to}`);
  return row.account_id;
}

/** One subscriber's notification, audited with what was sent. */
export function sendNotification(
  db: Db,
  actor: Actor,
  m: { to: string; title: string; content: string },
  now: number,
): Promise<{ msgId: string; accountId: string }> {
  const msgId = newMsgId();
  return transactionally(db, function* () {
    const accountId = yield* subscriberIn(db, m.to);
    yield* query(notificationsStatement(db, [accountId], m, () => msgId, now));
    const after = { msgId, title: m.title, content: m.content };
    yield* query(auditStatement(db, actor, 'notification.send', accountId, { after }, now));
    return { msgId, accountId };
  });
}

/** Every subscriber's notification at once, in chunks of one transaction, audited once with how many were sent. */
export function broadcastNotification(
  db: Db,
  actor: Actor,
  m: { title: string; content: string },
  now: number,
): Promise<number> {
  return transactionally(db, function* () {
    const ids = (yield* query(
      db.kysely
        .selectFrom('accounts')
        .select('account_id')
        .where('kind', '=', 'user')
        .orderBy('account_id')
        .compile(),
    )).rows.map((r) => r.account_id);
    for (let i = 0; i < ids.length; i += BROADCAST_CHUNK) {
      yield* query(notificationsStatement(db, ids.slice(i, i + BROADCAST_CHUNK), m, newMsgId, now));
    }
    yield* query(
      auditStatement(db, actor, 'notification.broadcast', 'all', { after: { sent: ids.length, ...m } }, now),
    );
    return ids.length;
  });
}
