import {
  auditList,
  jobGet,
  jobList,
  OperatorErrCode,
  operatorMe,
  operatorSignIn,
  operatorSignOut,
  operatorTotp,
  staffCreate,
  staffList,
  staffUpdate,
} from '@ottkit/api-client/contract';
import { hashPassword } from '../../domain/passwords.ts';
import { listOperators, type OperatorRow, toOperator } from '../../operator/accounts.ts';
import type { Actor } from '../../operator/audit.ts';
import { listAudit } from '../../operator/audit.ts';
import { jobNow, jobsNow } from '../../operator/jobs.ts';
import { type OperatorSession, revokeOperatorSession } from '../../operator/sessions.ts';
import { actorOf, codeStep, passwordStep } from '../../operator/signIn.ts';
import { createStaff, updateStaff } from '../../operator/staff.ts';
import { clearOperatorCookie, startOperatorSession } from '../operatorSession.ts';
import { HttpError, type RequestContext, route } from '../route.ts';

/** The gate ran before any `access: 'operator'` handler: the signed-in operator is on the context. */
export function operatorOf(ctx: RequestContext): OperatorSession {
  if (!ctx.operator) throw new HttpError(OperatorErrCode.SIGN_IN_REQUIRED, 'Sign in to the console', 401);
  return ctx.operator;
}
export const actorFor = (ctx: RequestContext): Actor => actorOf(operatorOf(ctx).operator);

/** Sign-in, session, staff, audit log and jobs (issue 18). */
export const operatorRoutes = [
  route(operatorSignIn, (ctx, req) =>
    passwordStep(ctx.db, ctx.config, req.email, req.password, ctx.ip, ctx.now(), ctx.sender),
  ),
  route(operatorTotp, async (ctx, req) => {
    const now = ctx.now();
    const { operator, recoveryCodes } = await codeStep(ctx.db, ctx.config, req, ctx.ip, now, ctx.sender);
    const expiresAt = await startOperatorSession(
      ctx.db,
      ctx.config,
      ctx.res,
      operator.operatorId,
      ctx.ip,
      now,
    );
    return { operator, expiresAt, ...(recoveryCodes ? { recoveryCodes } : {}) };
  }),
  route(operatorSignOut, async (ctx) => {
    await revokeOperatorSession(ctx.db, operatorOf(ctx).sessionId, ctx.now());
    clearOperatorCookie(ctx.res, ctx.config);
    return {};
  }),
  route(operatorMe, (ctx) => {
    const s = operatorOf(ctx);
    return { operator: toOperator(s.operator), expiresAt: s.expiresAt };
  }),
  route(staffList, async (ctx) => ({ operators: await listOperators(ctx.db) })),
  route(staffCreate, (ctx, req) =>
    createStaff(
      ctx.db,
      actorFor(ctx),
      req.email,
      req.role,
      (p) => hashPassword(p, ctx.config.passwordHashLog2N),
      ctx.now(),
    ),
  ),
  route(staffUpdate, async (ctx, req) => ({
    operator: await updateStaff(ctx.db, actorFor(ctx), req, ctx.now()),
  })),
  route(auditList, (ctx, req) => listAudit(ctx.db, req)),
  route(jobGet, async (ctx, req) => {
    const job = await jobNow(ctx.db, req.jobId);
    if (!job) throw new HttpError(OperatorErrCode.NOT_FOUND, `No job ${req.jobId}`);
    return { job };
  }),
  route(jobList, async (ctx, req) => ({ jobs: await jobsNow(ctx.db, req.limit) })),
];

export type { OperatorRow };
