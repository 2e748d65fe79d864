import { z } from 'zod';
import { defineCall } from './call.ts';
import { accountScoped } from './liveCommon.ts';

/**
 * Business-rule codes of the message area (our own range 10115xxx; 10113xxx belongs to live playback, whose
 * CATCHUP_OUT_OF_WINDOW this code used to collide with).
 */
export const MessageErrCode = {
  /** No such notification or notice for this caller. */
  MESSAGE_NOT_FOUND: 10115001,
} as const;

export { CHANNEL_MARQUEE_MODE, MARQUEE_MODES, NoticeMode, POPUP_MODES } from './noticeModes.ts';

const displayMode = z.literal([0, 1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 15]);

/** A colour the marquee may paint: #rgb, #rrggbb or #rrggbbaa (never a CSS expression). */
const colour = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'colour is #rgb or #rrggbb');

/** Notice (spec §3). `msg` is plain text: clients show it as text, never as markup. */
export const noticeSchema = z.object({
  id: z.string(),
  /** Higher first. */
  priority: z.number().int(),
  title: z.string(),
  msg: z.string(),
  displayMode: z.array(displayMode),
  /** Logical channel ids the channel marquee (mode 10) runs on. */
  displayChannel: z.array(z.string()),
  /** Pause between two showings, ms. */
  displayInterval: z.number().int().nonnegative(),
  /** How many times a marquee runs before it counts as read; 0 = once. */
  displayTimes: z.number().int().nonnegative(),
  /** 0 unread, 1 read (for this session's account; always 0 without a session). */
  readStatus: z.union([z.literal(0), z.literal(1)]),
  properties: z.object({
    backgroundcolor: colour,
    textcolor: colour,
    textsize: z.number().int().min(8).max(64),
  }),
  createdAt: z.number().int(),
});
export type Notice = z.output<typeof noticeSchema>;
export const noticeInputSchema = noticeSchema.omit({ id: true, readStatus: true, createdAt: true }).extend({
  msg: z.string().trim().min(1).max(2000),
  title: z.string().trim().max(120),
});
export type NoticeInput = z.input<typeof noticeInputSchema>;

export const notificationStateSchema = z.enum(['unread', 'read', 'deleted']);
/** A personal notification of the message centre. */
export const notificationSchema = z.object({
  msgId: z.string(),
  title: z.string(),
  content: z.string(),
  state: z.enum(['unread', 'read']),
  createdAt: z.number().int(),
});
export type Notification = z.output<typeof notificationSchema>;

const msgId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'msgId is not a message id');

export const unreadCount = defineCall({
  area: 'message',
  method: 'POST',
  path: '/api/v1/message-center/notification/unread/count/query',
  access: 'session',
  summary: "How many of the caller's notifications are unread.",
  request: z.object({ ...accountScoped }).strict(),
  response: z.object({ unreadCount: z.number().int().nonnegative() }),
});

export const notificationQuery = defineCall({
  area: 'message',
  method: 'POST',
  path: '/api/v1/message-center/notification/query',
  access: 'session',
  summary: "The caller's notifications, newest first (deleted ones left out).",
  request: z
    .object({
      ...accountScoped,
      pageId: z.number().int().min(1).max(10_000).default(1),
      pageSize: z.number().int().min(1).max(100).default(20),
    })
    .strict(),
  response: z.object({
    pageId: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    msgList: z.array(notificationSchema),
  }),
});

export const notificationStateUpdate = defineCall({
  area: 'message',
  method: 'POST',
  path: '/api/v1/message-center/notification/state/update',
  access: 'session',
  summary:
    'Sets the state of a notification (read, unread, deleted), or marks a notice read (msgId = notice id).',
  request: z.object({ ...accountScoped, msgId, state: notificationStateSchema }).strict(),
  response: z.object({ msgId: z.string(), state: notificationStateSchema }),
});

const noticeRequest = z
  .object({ ...accountScoped, displayMode: z.array(displayMode).max(20).optional() })
  .strict();

export const publicNotice = defineCall({
  area: 'message',
  method: 'POST',
  path: '/api/message/app/public/notice',
  access: 'public',
  summary: 'The notices for anybody (no session needed), by priority; readStatus 0.',
  request: noticeRequest,
  response: z.object({ noticeList: z.array(noticeSchema) }),
});

export const appNotice = defineCall({
  area: 'message',
  method: 'POST',
  path: '/api/message/app/notice',
  access: 'session',
  summary: "The notices for the caller (guest or user), by priority, with the account's readStatus.",
  request: noticeRequest,
  response: z.object({ noticeList: z.array(noticeSchema) }),
});

export const messageCalls = {
  unreadCount,
  notificationQuery,
  notificationStateUpdate,
  publicNotice,
  appNotice,
};
