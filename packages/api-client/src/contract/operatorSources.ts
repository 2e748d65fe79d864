import { z } from 'zod';
import { defineCall } from './call.ts';
import { NAME_MAX_CHARS } from './limits.ts';
import { jobSchema, OPERATOR_API_PREFIX } from './operator.ts';

/** Issue 16's line-up sources over operator calls (the editor's): the same domain code as the CLI. */
const p = (rest: string) => `${OPERATOR_API_PREFIX}sources/${rest}`;
const editor = ['editor'] as const;

/** From the console a source is read over http(s) only: a path on the server's disk stays the CLI's. */
export const sourceUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .regex(/^https?:\/\/\S+$/i, 'Enter an http:// or https:// address');
export const sourceNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the source a name')
  .max(NAME_MAX_CHARS, `At most ${NAME_MAX_CHARS} characters`)
  .regex(/^[^\p{Cc}]+$/u, 'No control characters');

export const sourceSchema = z.object({
  sourceId: z.number().int(),
  name: z.string(),
  kind: z.enum(['m3u', 'xtream', 'xmltv']),
  /** Where it reads from; an Xtream source's password is never answered. */
  location: z.string(),
  guideLocation: z.string(),
  refreshMinutes: z.number().int(),
  groups: z.array(z.string()).optional(),
  status: z.enum(['new', 'ok', 'failed']),
  lastRefreshAt: z.number().int().optional(),
  lastDurationMs: z.number().int().optional(),
  lastError: z.string(),
  counts: z.record(z.string(), z.unknown()),
});
export type Source = z.output<typeof sourceSchema>;

export const sourceList = defineCall({
  area: 'operator',
  method: 'GET',
  path: p('list'),
  access: 'operator',
  roles: editor,
  summary: 'Every line-up source with its status: last refresh, duration, counts, last error.',
  request: z.object({}).strict(),
  response: z.object({ sources: z.array(sourceSchema) }),
});

export const sourceStatus = defineCall({
  area: 'operator',
  method: 'GET',
  path: p('status'),
  access: 'operator',
  roles: editor,
  summary: 'One source’s status.',
  request: z.object({ name: sourceNameSchema }).strict(),
  response: z.object({ source: sourceSchema }),
});

/** How often a source is read again from upstream, in minutes (a day when not given). */
export const REFRESH_MINUTES = { min: 5, max: 525_600, default: 1440 } as const;
/** An Xtream Codes account's user name and password (the panel's, kept by the server, never answered). */
const xtreamCredentialSchema = z.string().trim().min(1).max(200);
const refreshMinutesSchema = z
  .number()
  .int()
  .min(REFRESH_MINUTES.min, `At least ${REFRESH_MINUTES.min} minutes`)
  .max(REFRESH_MINUTES.max);

export const sourceAdd = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('add'),
  access: 'operator',
  roles: editor,
  summary:
    'Adds an M3U playlist (with an optional XMLTV guide), an Xtream Codes account (panel address, user and ' +
    'password; its guide is the panel’s unless one is given) or an XMLTV guide, by URL.',
  request: z
    .object({
      name: sourceNameSchema,
      kind: z.enum(['m3u', 'xtream', 'xmltv']),
      url: sourceUrlSchema,
      guideUrl: z.union([sourceUrlSchema, z.literal('')]).optional(),
      user: xtreamCredentialSchema.optional(),
      password: xtreamCredentialSchema.optional(),
      refreshMinutes: refreshMinutesSchema.optional(),
    })
    .strict()
    .superRefine((v, ctx) => {
      // An Xtream account is read with its user and password; the other kinds take neither.
      for (const key of ['user', 'password'] as const) {
        if (v.kind === 'xtream' && !v[key])
          ctx.addIssue({ code: 'custom', path: [key], message: `Enter the ${key}` });
        if (v.kind !== 'xtream' && v[key] !== undefined)
          ctx.addIssue({ code: 'custom', path: [key], message: 'Only an Xtream Codes account takes it' });
      }
    }),
  response: z.object({ source: sourceSchema }),
});

export const sourceEdit = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('edit'),
  access: 'operator',
  roles: editor,
  summary:
    'Changes a source’s address, guide address, Xtream user or password, or refresh interval; what is not given ' +
    'stays (a password is never answered, so an empty one keeps it). The next refresh reads the new addresses.',
  request: z
    .object({
      name: sourceNameSchema,
      url: sourceUrlSchema.optional(),
      guideUrl: z.union([sourceUrlSchema, z.literal('')]).optional(),
      user: xtreamCredentialSchema.optional(),
      password: xtreamCredentialSchema.optional(),
      refreshMinutes: refreshMinutesSchema.optional(),
    })
    .strict(),
  response: z.object({ source: sourceSchema }),
});

export const sourceRemove = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('remove'),
  access: 'operator',
  roles: editor,
  summary:
    'Removes a source. Its channels stay in the line-up as the operator’s own, no longer updated from it; ' +
    'answers how many there were.',
  request: z.object({ name: sourceNameSchema }).strict(),
  response: z.object({ name: z.string(), channels: z.number().int() }),
});

export const sourcePreview = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('preview'),
  access: 'operator',
  roles: editor,
  summary: 'Reads the source now and answers its groups with channel counts (nothing is stored).',
  request: z.object({ name: sourceNameSchema }).strict(),
  response: z.object({
    groups: z.array(z.object({ name: z.string(), channels: z.number().int() })),
    channels: z.number().int(),
    guideLocation: z.string(),
    skipped: z.string(),
  }),
});

export const sourceImport = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('import'),
  access: 'operator',
  roles: editor,
  summary: 'Imports the chosen groups (every group when none is given) as a job; poll jobs/get for progress.',
  request: z
    .object({ name: sourceNameSchema, groups: z.array(z.string().max(200)).max(5000).optional() })
    .strict(),
  response: z.object({ job: jobSchema }),
});

export const sourceRefresh = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('refresh'),
  access: 'operator',
  roles: editor,
  summary: 'Updates a source from upstream now, as a job (channels keep their ids).',
  request: z.object({ name: sourceNameSchema }).strict(),
  response: z.object({ job: jobSchema }),
});

const channelIdSchema = z.string().min(1).max(128);

export const guideMap = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('guide/map'),
  access: 'operator',
  roles: editor,
  summary: 'Maps an imported channel to a guide channel by hand (survives refreshes).',
  request: z.object({ channelId: channelIdSchema, xmltvId: z.string().min(1).max(200) }).strict(),
  response: z.object({ channelId: z.string(), xmltvId: z.string().nullable() }),
});

export const guideUnmap = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('guide/unmap'),
  access: 'operator',
  roles: editor,
  summary: 'Leaves an imported channel without a guide (automatic mapping leaves it so).',
  request: z.object({ channelId: channelIdSchema }).strict(),
  response: z.object({ channelId: z.string(), xmltvId: z.string().nullable() }),
});

export const guideUnmapped = defineCall({
  area: 'operator',
  method: 'GET',
  path: p('guide/unmapped'),
  access: 'operator',
  roles: editor,
  summary: 'Imported channels without a guide, with the closest guide candidates.',
  request: z.object({}).strict(),
  response: z.object({
    channels: z.array(
      z.object({
        channelId: z.string(),
        name: z.string(),
        tvgId: z.string(),
        candidates: z.array(z.object({ xmltvId: z.string(), name: z.string(), score: z.number() })),
      }),
    ),
    imported: z.number().int(),
  }),
});

export const operatorSourceCalls = {
  sourceList,
  sourceStatus,
  sourceAdd,
  sourceEdit,
  sourceRemove,
  sourcePreview,
  sourceImport,
  sourceRefresh,
  guideMap,
  guideUnmap,
  guideUnmapped,
};
