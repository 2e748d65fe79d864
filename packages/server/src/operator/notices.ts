import {
  type ConsoleNotice,
  type NoticeCompose,
  noticeComposeSchema,
  OperatorErrCode,
} from '@ottkit/api-client/contract';
import { newMsgId, notify, publishNotice } from '../domain/notices.ts';
import { DomainError } from '../domain/errors.ts';
import type { Db } from '../store/db.ts';
import { allNoticesNow, insertNotificationForAll, listAllNotices, withdrawNotice } from '../store/notices.ts';
import { type Actor, recordAudit } from './audit.ts';

/** The console's notices (issue 18 §6, decision 0245): every change audited in its own transaction. */
type Stored = ReturnType<typeof listAllNotices>[number];

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

function consoleNotice(db: Db, noticeId: string, now: number): ConsoleNotice {
  const [n] = listAllNotices(db, { noticeId });
  if (!n) throw new DomainError(OperatorErrCode.NOT_FOUND, `No notice ${noticeId}`);
  return toConsole(n, now);
}

/** Publishes a notice from the console (the same rule as the CLI's `notice publish`), audited. */
export function composeNotice(db: Db, actor: Actor, input: NoticeCompose, now: number): ConsoleNotice {
  const { startsAt, endsAt, ...notice } = noticeComposeSchema.parse(input);
  return db.transaction(() => {
    const id = publishNotice(db, notice, now, endsAt ?? null, startsAt ?? null).id;
    const after = consoleNotice(db, id, now);
    recordAudit(db, actor, 'notice.publish', id, { after }, now);
    return after;
  });
}

/** Withdraws a notice at once; withdrawing one already withdrawn changes nothing and records nothing. */
export function withdrawConsoleNotice(db: Db, actor: Actor, noticeId: string, now: number): ConsoleNotice {
  return db.transaction(() => {
    const before = consoleNotice(db, noticeId, now);
    if (!withdrawNotice(db, noticeId, now)) return before;
    const after = consoleNotice(db, noticeId, now);
    recordAudit(db, actor, 'notice.withdraw', noticeId, { before, after }, now);
    return after;
  });
}

/** A subscriber by email (any case), account id or virtual code; guests have no message centre. */
function subscriberFor(db: Db, to: string): string {
  const row = db.get<{ account_id: string }>(
    `SELECT account_id FROM accounts WHERE kind = 'user' AND (email = ? OR account_id = ? OR virtual_code = ?)`,
    to.toLowerCase(),
    to,
    to,
  );
  if (!row) throw new DomainError(OperatorErrCode.NOT_FOUND, `No subscriber ${to}`);
  return row.account_id;
}

/** One subscriber's notification, audited with what was sent. */
export function sendNotification(
  db: Db,
  actor: Actor,
  m: { to: string; title: string; content: string },
  now: number,
): { msgId: string; accountId: string } {
  return db.transaction(() => {
    const accountId = subscriberFor(db, m.to);
    const msgId = notify(db, accountId, m.title, m.content, now);
    recordAudit(
      db,
      actor,
      'notification.send',
      accountId,
      { after: { msgId, title: m.title, content: m.content } },
      now,
    );
    return { msgId, accountId };
  });
}

/** Every subscriber's notification, audited once with how many were sent. */
export function broadcastNotification(
  db: Db,
  actor: Actor,
  m: { title: string; content: string },
  now: number,
): number {
  return db.transaction(() => {
    const sent = insertNotificationForAll(db, m, newMsgId, now);
    recordAudit(db, actor, 'notification.broadcast', 'all', { after: { sent, ...m } }, now);
    return sent;
  });
}
