import { z } from 'zod';
import { defineCall } from './call.ts';
import { accountScoped, channelIdSchema, daySchema, guideLangSchema } from './liveCommon.ts';

export const multilingualSchema = z.object({ lang: guideLangSchema, title: z.string(), content: z.string() });

/** A programme of the guide (spec §3 EPG programs); start and stop in epoch ms, stop exclusive. */
export const epgProgramSchema = z.object({
  programId: z.string(),
  start: z.number().int(),
  stop: z.number().int(),
  /** In the requested language (falling back to English). */
  title: z.string(),
  content: z.string(),
  /** Whether this programme may be played back after it ends (spec §4 programme row). */
  isCatchup: z.boolean(),
  multilingualList: z.array(multilingualSchema),
  /** The age rating (issue 20 §2, `AGE_RATINGS`); absent when unrated. */
  ageRating: z.string().optional(),
});
export type EpgProgram = z.output<typeof epgProgramSchema>;

/** One guide for one UTC day (spec §3 EPG). The checksum changes exactly when the day's programmes change. */
export const epgSchema = z.object({
  epgId: z.string(),
  isCatchup: z.boolean(),
  date: daySchema,
  checksum: z.string(),
  programs: z.array(epgProgramSchema),
});
export type Epg = z.output<typeof epgSchema>;

const epgIdSchema = z.string().min(1).max(64);

export const epgQuery = defineCall({
  area: 'live',
  method: 'POST',
  path: '/liveapi/api/programs/commercial/web/epg/query/v1',
  access: 'public',
  readOnly: true,
  summary:
    'The guide of one channel (epgId, or channelId = logicalChannelId) for date - pastDays … date + futureDays.',
  request: z
    .object({
      ...accountScoped,
      /** Defaults to today (UTC). */
      date: daySchema.optional(),
      epgId: epgIdSchema.optional(),
      channelId: channelIdSchema.optional(),
      pastDays: z.number().int().min(0).max(7).optional(),
      futureDays: z.number().int().min(0).max(3).optional(),
      /** Language of title/content; the `lang` header otherwise. */
      lang: guideLangSchema.optional(),
    })
    .strict()
    .refine((r) => r.epgId !== undefined || r.channelId !== undefined, {
      message: 'give epgId or channelId',
      path: ['epgId'],
    }),
  response: z.object({ epgList: z.array(epgSchema) }),
});

export const epgQueryV2 = defineCall({
  area: 'live',
  method: 'POST',
  path: '/liveapi/api/programs/commercial/web/epg/query/v2',
  access: 'public',
  readOnly: true,
  summary: 'The guides of many channels for one UTC day (what the local guide store syncs by checksum).',
  request: z
    .object({
      ...accountScoped,
      date: daySchema,
      epgIdList: z.array(epgIdSchema).min(1).max(1000),
      /** Language of title/content; the `lang` header otherwise. */
      lang: guideLangSchema.optional(),
      /**
       * Also fill each programme's multilingualList (default false: it is left empty, which keeps a 500-channel
       * day about 2.5 times smaller; the multilingual query gives the other languages on demand).
       */
      withMultilingual: z.boolean().optional(),
    })
    .strict(),
  response: z.object({ epgList: z.array(epgSchema) }),
});

export const epgChecksumQuery = defineCall({
  area: 'live',
  method: 'POST',
  path: '/liveapi/api/programs/commercial/web/checksum/query/v1',
  access: 'public',
  readOnly: true,
  summary:
    'Checksums per epgId and UTC day for date - pastDays … date + futureDays (defaults: today, 7, 3; every epgId).',
  request: z
    .object({
      ...accountScoped,
      date: daySchema.optional(),
      epgIdList: z.array(epgIdSchema).max(1000).optional(),
      pastDays: z.number().int().min(0).max(7).optional(),
      futureDays: z.number().int().min(0).max(3).optional(),
    })
    .strict(),
  response: z.object({
    checksumList: z.array(z.object({ epgId: z.string(), date: daySchema, checksum: z.string() })),
  }),
});

export const epgMultilingualQuery = defineCall({
  area: 'live',
  method: 'POST',
  path: '/liveapi/api/programs/commercial/epg/multilingual/query',
  access: 'public',
  readOnly: true,
  summary: 'Titles and descriptions of programmes in every language; unknown ids are left out.',
  request: z
    .object({ ...accountScoped, programIdList: z.array(z.string().min(1).max(128)).min(1).max(500) })
    .strict(),
  response: z.object({
    programList: z.array(z.object({ programId: z.string(), multilingualList: z.array(multilingualSchema) })),
  }),
});

export const epgCalls = { epgQuery, epgQueryV2, epgChecksumQuery, epgMultilingualQuery };
