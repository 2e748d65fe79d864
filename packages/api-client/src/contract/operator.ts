import { z } from 'zod';
import { type CallDescriptor, defineCall, type OperatorRole } from './call.ts';
import { emailSchema } from './account.ts';

/**
 * The operator area (issue 18): the console's calls. Everything lives under one path prefix, `/admin/api/`, so
 * the operator's session cookie (Path=/admin) reaches the console's pages and its calls and nothing else
 * (decision 0210). Subscribers' sessions never open these calls.
 */
export const OPERATOR_API_PREFIX = '/admin/api/';
/** The console's pages and calls: the operator session cookie's Path. */
export const OPERATOR_COOKIE_PATH = '/admin';
/** The operator session cookie's name (`__Secure-` prefixed over HTTPS). */
export const OPERATOR_COOKIE_BASE = 'ottkit_op';

export const OPERATOR_ROLES = ['admin', 'editor', 'support'] as const satisfies readonly OperatorRole[];
export const operatorRoleSchema = z.enum(OPERATOR_ROLES);

/** The operator area's own error codes (10116xxx, the block reserved for the operator area), answered in the envelope like every other. */
export const OperatorErrCode = {
  /** No operator session, or it ended (HTTP 401): sign in at /admin/login again. */
  SIGN_IN_REQUIRED: 10116001,
  /** Wrong email or password (the answer does not say which). */
  WRONG_CREDENTIALS: 10116002,
  /** The operator's role may not make this call (HTTP 403). */
  ROLE_REFUSED: 10116003,
  /** A wrong, expired or already used authenticator or recovery code. */
  WRONG_CODE: 10116004,
  /** The sign-in step expired or is unknown: start again with the password. */
  CHALLENGE_EXPIRED: 10116005,
  OPERATOR_EXISTS: 10116006,
  NOT_FOUND: 10116007,
  SOURCE_EXISTS: 10116008,
  /** The source could not be read (unreachable, not a playlist…): the message says why. */
  SOURCE_FAILED: 10116009,
  /** An admin may not remove the last admin or lock themselves out. */
  LAST_ADMIN: 10116010,
  /** Titles (10116040-10116049, decision 0235): the chunk does not start where the server's copy ends. */
  UPLOAD_OFFSET: 10116040,
  /** Another chunk of this upload is being received right now. */
  UPLOAD_BUSY: 10116041,
  /** Publishing (or transcoding) needs the whole video, transcoded. */
  NOT_READY: 10116042,
  /** A series already has that season, or that season that episode (decision 0280). */
  PART_TAKEN: 10116043,
  /** Live inputs (10116050-10116059): as many input tests as the server runs at once are running (HTTP 429). */
  PROBE_BUSY: 10116050,
  /** Film libraries (10116060-10116069): a library of that name exists. */
  LIBRARY_EXISTS: 10116060,
  /** The folder is outside the folders the server's configuration allows, or cannot be read: the message says. */
  LIBRARY_FOLDER: 10116061,
} as const;

const p = (rest: string) => `${OPERATOR_API_PREFIX}${rest}`;

export const operatorSchema = z.object({
  operatorId: z.string(),
  email: z.string(),
  role: operatorRoleSchema,
  /** false once an admin disabled the account (its sessions end at once). */
  active: z.boolean(),
  totpEnrolled: z.boolean(),
  createdAt: z.number().int(),
});
export type Operator = z.output<typeof operatorSchema>;

/** A 6-digit authenticator code (RFC 6238). */
export const totpCodeSchema = z.string().regex(/^\d{6}$/, 'Enter the 6 digits your authenticator app shows');
/** A recovery code as printed: 10 letters and digits, an optional dash in the middle. */
export const recoveryCodeSchema = z
  .string()
  .regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, 'Enter a recovery code as it was printed: XXXXX-XXXXX');
/** Operators' passwords are longer than subscribers': 12 to 128 characters. */
export const operatorPasswordSchema = z
  .string()
  .min(12, 'The password must be 12-128 characters')
  .max(128, 'The password must be 12-128 characters');

const empty = z.object({}).strict();
const admin = [] as const;
const anyRole = ['editor', 'support'] as const;

export const operatorSignIn = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('signIn'),
  access: 'public',
  summary:
    'First step of the console sign-in: email and password. Answers a short-lived challenge for the authenticator ' +
    'code, and on the first sign-in the TOTP secret to enrol (otpauth URI for the QR).',
  request: z.object({ email: emailSchema, password: z.string().min(1).max(128) }).strict(),
  response: z.object({
    challenge: z.string(),
    expiresAt: z.number().int(),
    /** Present when the operator has no authenticator yet: enrol it, then send its first code. */
    enrol: z.object({ secret: z.string(), otpauthUri: z.string() }).optional(),
  }),
});

export const operatorTotp = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('totp'),
  access: 'public',
  summary:
    'Second step: the authenticator code (or a recovery code). Starts the operator session (an HttpOnly cookie on ' +
    '/admin); on enrolment answers the recovery codes, shown once.',
  request: z
    .object({
      challenge: z.string().min(1).max(200),
      code: totpCodeSchema.optional(),
      recoveryCode: recoveryCodeSchema.optional(),
    })
    .strict()
    .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), {
      message: 'Give the authenticator code or a recovery code',
      path: ['code'],
    }),
  response: z.object({
    operator: operatorSchema,
    expiresAt: z.number().int(),
    recoveryCodes: z.array(z.string()).optional(),
  }),
});

export const operatorSignOut = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('signOut'),
  access: 'operator',
  roles: anyRole,
  summary: 'Ends the operator session (revoked on the server, cookie cleared).',
  request: empty,
  response: z.object({}),
});

export const operatorMe = defineCall({
  area: 'operator',
  method: 'GET',
  path: p('me'),
  access: 'operator',
  roles: anyRole,
  summary: 'The signed-in operator and when the session ends.',
  request: empty,
  response: z.object({ operator: operatorSchema, expiresAt: z.number().int() }),
});

export const staffList = defineCall({
  area: 'operator',
  method: 'GET',
  path: p('staff/list'),
  access: 'operator',
  roles: admin,
  summary: 'Every operator account with its role (admin only).',
  request: empty,
  response: z.object({ operators: z.array(operatorSchema) }),
});

export const staffCreate = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('staff/create'),
  access: 'operator',
  roles: admin,
  summary: 'Creates an operator account; answers its first password once (admin only).',
  request: z.object({ email: emailSchema, role: operatorRoleSchema }).strict(),
  response: z.object({ operator: operatorSchema, password: z.string() }),
});

export const staffUpdate = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('staff/update'),
  access: 'operator',
  roles: admin,
  summary:
    'Changes an operator’s role or disables them (their sessions end at once); resets the authenticator on ' +
    'request (admin only).',
  request: z
    .object({
      operatorId: z.string().min(1).max(64),
      role: operatorRoleSchema.optional(),
      active: z.boolean().optional(),
      resetTotp: z.boolean().optional(),
    })
    .strict(),
  response: z.object({ operator: operatorSchema }),
});

export const auditEntrySchema = z.object({
  seq: z.number().int(),
  at: z.number().int(),
  /** The operator's id, or `cli` for a change made with the command line. */
  actor: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

export const auditList = defineCall({
  area: 'operator',
  method: 'GET',
  path: p('audit/list'),
  access: 'operator',
  roles: admin,
  summary:
    'The audit log, newest first: who changed what, when, before and after. Filter by actor, action, target and ' +
    'time; page with `beforeSeq`. Append-only: there is no call that changes it.',
  request: z
    .object({
      actor: z.string().max(64).optional(),
      action: z.string().max(64).optional(),
      target: z.string().max(200).optional(),
      since: z.coerce.number().int().nonnegative().optional(),
      until: z.coerce.number().int().nonnegative().optional(),
      beforeSeq: z.coerce.number().int().positive().optional(),
      limit: z.coerce.number().int().min(1).max(200).optional(),
    })
    .strict(),
  response: z.object({ entries: z.array(auditEntrySchema), nextBeforeSeq: z.number().int().optional() }),
});

/** The kinds of long work the server runs as jobs; the console names each in words. */
export const JOB_KINDS = [
  'source.import',
  'source.refresh',
  'title.transcode',
  'library.import',
  'codes.create',
  'notification.broadcast',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const jobSchema = z.object({
  jobId: z.string(),
  kind: z.string(),
  /** What the job works on, in words (a source's name). */
  target: z.string(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  /** 0-100. */
  progress: z.number().int().min(0).max(100),
  /** The current step or the outcome in words. */
  message: z.string(),
  error: z.string(),
  createdBy: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  finishedAt: z.number().int().optional(),
  /** When another server process took the job over and ran it again, its own having stopped (decision 0335). */
  resumedAt: z.number().int().optional(),
});
export type Job = z.output<typeof jobSchema>;

export const jobGet = defineCall({
  area: 'operator',
  method: 'GET',
  path: p('jobs/get'),
  access: 'operator',
  roles: anyRole,
  summary: 'One job’s status and progress (poll it; a reload loses nothing).',
  request: z.object({ jobId: z.string().min(1).max(64) }).strict(),
  response: z.object({ job: jobSchema }),
});

export const jobList = defineCall({
  area: 'operator',
  method: 'GET',
  path: p('jobs/list'),
  access: 'operator',
  roles: anyRole,
  summary: 'The latest jobs, newest first.',
  request: z.object({ limit: z.coerce.number().int().min(1).max(100).optional() }).strict(),
  response: z.object({ jobs: z.array(jobSchema) }),
});

export const operatorCoreCalls = {
  operatorSignIn,
  operatorTotp,
  operatorSignOut,
  operatorMe,
  staffList,
  staffCreate,
  staffUpdate,
  auditList,
  jobGet,
  jobList,
};

/** Whether an operator of `role` may make call `d` (admin may make every operator call). */
export function roleMayCall(role: OperatorRole, d: Pick<CallDescriptor, 'access' | 'roles'>): boolean {
  if (d.access !== 'operator') return true;
  return role === 'admin' || (d.roles ?? []).includes(role);
}
