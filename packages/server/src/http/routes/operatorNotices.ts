import {
  noticeCreate,
  noticeList,
  noticeWithdraw,
  notificationBroadcast,
  notificationSend,
} from '@ottkit/api-client/contract';
import {
  broadcastNotification,
  composeNotice,
  consoleNotices,
  sendNotification,
  withdrawConsoleNotice,
} from '../../operator/notices.ts';
import { route } from '../route.ts';
import { actorFor } from './operator.ts';

/** The console's notices and notifications (issue 18 §6): every change audited. */
export const operatorNoticeRoutes = [
  route(noticeList, async (ctx) => ({ notices: await consoleNotices(ctx.db, ctx.now()) })),
  route(noticeCreate, async (ctx, req) => ({
    notice: await composeNotice(ctx.db, actorFor(ctx), req, ctx.now()),
  })),
  route(noticeWithdraw, async (ctx, req) => ({
    notice: await withdrawConsoleNotice(ctx.db, actorFor(ctx), req.noticeId, ctx.now()),
  })),
  route(notificationSend, (ctx, req) => sendNotification(ctx.db, actorFor(ctx), req, ctx.now())),
  route(notificationBroadcast, async (ctx, req) => ({
    sent: await broadcastNotification(ctx.db, actorFor(ctx), req, ctx.now()),
  })),
];
