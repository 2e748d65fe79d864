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

/**
 * Notice display modes (spec §4). Marquee: 0 live TV, 1 login, 2 also in playback, 11 everywhere; 10 the
 * channel marquee (on the channels in displayChannel). Popup: 3 live TV, 4 login, 5 playback, 12 home,
 * 13 VOD routes, 14 my-account routes, 15 VOD player.
 */
export const NoticeMode = {
  MARQUEE_LIVE_TV: 0,
  MARQUEE_LOGIN: 1,
  MARQUEE_PLAYBACK: 2,
  POPUP_LIVE_TV: 3,
  POPUP_LOGIN: 4,
  POPUP_PLAYBACK: 5,
  CHANNEL_MARQUEE: 10,
  MARQUEE_EVERYWHERE: 11,
  POPUP_HOME: 12,
  POPUP_VOD: 13,
  POPUP_MY: 14,
  POPUP_VOD_PLAYER: 15,
} as const;
export const MARQUEE_MODES: readonly number[] = [0, 1, 2, 11];
export const CHANNEL_MARQUEE_MODE = 10;
export const POPUP_MODES: readonly number[] = [3, 4, 5, 12, 13, 14, 15];
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
