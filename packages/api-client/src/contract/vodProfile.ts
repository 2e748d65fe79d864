import { z } from 'zod';
import { defineCall } from './call.ts';
import { accountScoped } from './live.ts';
import {
  cardSchema,
  metaIdListSchema,
  metaIdSchema,
  pageFields,
  pageInfoSchema,
  playPositionSchema,
} from './vodSchemas.ts';

/** The VOD profile calls (spec §7 /api/profile): favourites (users only), watch history and play progress. */

const post = { area: 'vod', tokenIn: 'query', method: 'POST' } as const;
const pageOf = <T extends z.ZodType>(item: T) => pageInfoSchema.extend({ list: z.array(item) });
const seconds = z.number().min(0).max(1_000_000);

export const favorMetaList = defineCall({
  ...post,
  path: '/vodapi/api/profile/favor/metaList',
  access: 'user',
  summary: "The caller's favourite titles, last added first.",
  request: z.object({ ...accountScoped, ...pageFields(16) }).strict(),
  response: pageOf(cardSchema.extend({ favoredAt: z.number().int() })),
});

export const favorBatchSearchHasFavored = defineCall({
  ...post,
  path: '/vodapi/api/profile/favor/batchSearchHasFavored',
  access: 'user',
  summary: 'Which of these titles the caller has among favourites.',
  request: z.object({ ...accountScoped, metaIds: metaIdListSchema }).strict(),
  response: z.object({ list: z.array(z.object({ metaId: z.string(), favored: z.boolean() })) }),
});

export const favorAdd = defineCall({
  ...post,
  path: '/vodapi/api/profile/favor/add',
  access: 'user',
  summary: 'Adds a title (movie, series or audio item) to favourites; adding twice keeps one.',
  request: z.object({ ...accountScoped, metaId: metaIdSchema }).strict(),
  response: z.object({ metaId: z.string(), favoredAt: z.number().int() }),
});

export const favorBatchDelete = defineCall({
  ...post,
  path: '/vodapi/api/profile/favor/batchDelete',
  access: 'user',
  summary: 'Removes titles from favourites (edit mode multi-delete).',
  request: z.object({ ...accountScoped, metaIds: metaIdListSchema }).strict(),
  response: z.object({ deleted: z.number().int() }),
});

/** A history entry: the title's card (a series for its episodes) and where the caller stopped. */
export const historyItemSchema = cardSchema.extend({
  historyEpisode: z.object({ metaId: z.string(), episode: z.number().int() }).nullable(),
  position: playPositionSchema,
});
export type HistoryItem = z.output<typeof historyItemSchema>;

export const historyMetaList = defineCall({
  ...post,
  path: '/vodapi/api/profile/history/metaList',
  access: 'session',
  summary: 'Watch history, last played first; one entry per movie or series (its last episode).',
  request: z.object({ ...accountScoped, ...pageFields(100, 100) }).strict(),
  response: pageOf(historyItemSchema),
});

export const historyAdd = defineCall({
  ...post,
  path: '/vodapi/api/profile/history/add',
  access: 'session',
  summary: 'Records that a MOVIE or EPISODE was opened; a stored position is kept unless one is given.',
  request: z
    .object({
      ...accountScoped,
      metaId: metaIdSchema,
      playedTime: seconds.optional(),
      totalDuration: seconds.optional(),
    })
    .strict(),
  response: playPositionSchema,
});

export const historyBatchDelete = defineCall({
  ...post,
  path: '/vodapi/api/profile/history/batchDelete',
  access: 'session',
  summary: "Removes history entries; a series' id removes all its episodes.",
  request: z.object({ ...accountScoped, metaIds: metaIdListSchema }).strict(),
  response: z.object({ deleted: z.number().int() }),
});

/** Play-progress report (spec §3): sent every play_history_report_interval seconds and on leaving. */
export const playProgressReportSchema = z
  .object({
    ...accountScoped,
    metaId: metaIdSchema,
    /** MOVIE or EPISODE, as the player played it. */
    videoType: z.enum(['MOVIE', 'EPISODE']),
    imdbId: z.string().max(32).default(''),
    tmdbId: z.string().max(32).default(''),
    episodeNo: z.number().int().min(0).max(10_000).nullable().default(null),
    seasonNo: z.number().int().min(0).max(999).nullable().default(null),
    /** Whether the viewer reached the end. */
    played: z.boolean().default(false),
    /** Position in seconds. */
    playedTime: seconds,
    /** Percent, 0-100. */
    playProgress: z.number().min(0).max(100),
    totalDuration: seconds,
  })
  .strict();

export const playProgressReport = defineCall({
  ...post,
  path: '/vodapi/api/profile/history/progress/report/v1',
  access: 'session',
  summary: 'Stores where the caller is in a title, for resume and history.',
  request: playProgressReportSchema,
  response: playPositionSchema,
});

export const vodProfileCalls = {
  favorMetaList,
  favorBatchSearchHasFavored,
  favorAdd,
  favorBatchDelete,
  historyMetaList,
  historyAdd,
  historyBatchDelete,
  playProgressReport,
};
