import {
  appNotice,
  notificationQuery,
  notificationStateUpdate,
  publicNotice,
  unreadCount,
} from '@ottkit/api-client/contract';
import { noticesFor, updateMessageState } from '../../domain/notices.ts';
import { countUnread, listNotifications } from '../../store/notices.ts';
import { route } from '../route.ts';
import { sessionOf } from './account.ts';

/** Spec §7 Messages: the message centre (notifications) and the operator's notices. */
export const messageRoutes = [
  route(unreadCount, async (ctx) => ({ unreadCount: await countUnread(ctx.db, sessionOf(ctx).accountId) })),

  route(notificationQuery, async (ctx, req) => {
    const { total, list } = await listNotifications(
      ctx.db,
      sessionOf(ctx).accountId,
      req.pageId,
      req.pageSize,
    );
    return { pageId: req.pageId, pageSize: req.pageSize, total, msgList: list };
  }),

  route(notificationStateUpdate, async (ctx, req) => {
    await updateMessageState(ctx.db, sessionOf(ctx).accountId, req.msgId, req.state, ctx.now());
    return { msgId: req.msgId, state: req.state };
  }),

  // Public: read status is unknown without an account, so every notice comes back unread (the site keeps
  // a caller without a session's reads in the browser).
  route(publicNotice, async (ctx, req) => ({
    noticeList: await noticesFor(ctx.db, null, ctx.now(), req.displayMode),
  })),

  route(appNotice, async (ctx, req) => ({
    noticeList: await noticesFor(ctx.db, sessionOf(ctx).accountId, ctx.now(), req.displayMode),
  })),
];
