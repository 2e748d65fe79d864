import { randomBytes } from 'node:crypto';
import {
  MessageErrCode,
  NOTICE_DEFAULTS,
  type Notice,
  type NoticeInput,
  noticeInputSchema,
} from '@ottkit/api-client/contract';
import { DomainError } from './errors.ts';
import type { Db } from '../store/db.ts';
import { atomically } from '../store/kysely/atomically.ts';
import { query, type Statements, transactionally } from '../store/kysely/transactionally.ts';
import {
  type ConsoleNoticeRow,
  consoleNoticeIn,
  listNotices,
  noticeStatements,
  notificationsStatement,
  noticeExists,
  setNoticeRead,
  setNotificationState,
} from '../store/notices.ts';

/** Notice ids start with 'nt-' and notification ids with 'msg-', so one state call can tell them apart. */
const NOTICE_PREFIX = 'nt-';

/**
 * Publishes an operator notice. The message is stored as given and always served as plain text; clients
 * never render it as markup. Throws a zod error naming the field on bad input.
 */
export function* publishNoticeIn(
  db: Db,
  input: Partial<NoticeInput> & Pick<NoticeInput, 'msg' | 'displayMode'>,
  now: number,
  validUntil: number | null = null,
  startsAt: number | null = null,
): Statements<ConsoleNoticeRow> {
  const n = noticeInputSchema.parse({
    ...NOTICE_DEFAULTS,
    ...input,
    properties: { ...NOTICE_DEFAULTS.properties, ...input.properties },
  });
  const id = NOTICE_PREFIX + randomBytes(9).toString('base64url');
  for (const q of noticeStatements(db, { ...n, id, validUntil, startsAt }, now)) yield* query(q);
  const stored = yield* consoleNoticeIn(db, id);
  if (!stored) throw new Error('notice vanished after insert');
  return stored;
}

/** The same, in a transaction of its own (the command line's `notice publish`). */
export async function publishNotice(
  ...args: Parameters<typeof publishNoticeIn>
): Promise<ConsoleNoticeRow & Pick<Notice, 'readStatus'>> {
  return { ...(await transactionally(args[0], () => publishNoticeIn(...args))), readStatus: 0 };
}

/** The notices a caller may see, optionally only those with one of `modes`. */
export async function noticesFor(
  db: Db,
  accountId: string | null,
  now: number,
  modes?: number[],
): Promise<Notice[]> {
  const all = await listNotices(db, now, accountId);
  if (!modes?.length) return all;
  const wanted = new Set(modes);
  return all.filter((n) => n.displayMode.some((m) => wanted.has(m)));
}

/** Notification ids: 'msg-' and 12 random characters. */
export const newMsgId = () => `msg-${randomBytes(9).toString('base64url')}`;

/** A personal notification in the caller's message centre (purchases, recharges, operator messages). */
export async function notify(
  db: Db,
  accountId: string,
  title: string,
  content: string,
  now: number,
): Promise<string> {
  const msgId = newMsgId();
  await atomically(db, [notificationsStatement(db, [accountId], { title, content }, () => msgId, now)]);
  return msgId;
}

/** Spec §7 state/update: a notification's state, or a notice read (or unread again) for this account. */
export async function updateMessageState(
  db: Db,
  accountId: string,
  msgId: string,
  state: 'unread' | 'read' | 'deleted',
  now: number,
): Promise<void> {
  if (msgId.startsWith(NOTICE_PREFIX)) {
    if (state === 'deleted' || !(await noticeExists(db, msgId))) {
      throw new DomainError(MessageErrCode.MESSAGE_NOT_FOUND, 'No such notice');
    }
    await setNoticeRead(db, msgId, accountId, state === 'read', now);
    return;
  }
  if (!(await setNotificationState(db, accountId, msgId, state))) {
    throw new DomainError(MessageErrCode.MESSAGE_NOT_FOUND, 'No such message');
  }
}
