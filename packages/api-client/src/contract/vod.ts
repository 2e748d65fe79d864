import { z } from 'zod';
import { defineCall } from './call.ts';
import { parentalPinSchema } from './profiles.ts';
import { accountScoped } from './live.ts';
import {
  cardSchema,
  creditSchema,
  episodeItemSchema,
  metaIdListSchema,
  metaIdSchema,
  pageFields,
  pageInfoSchema,
  playlistSchema,
  playPositionSchema,
  vodDetailSchema,
  vodTypeSchema,
} from './vodSchemas.ts';
import { vodProfileCalls } from './vodProfile.ts';

export * from './vodProfile.ts';
export * from './vodSchemas.ts';

/** Codes of the VOD API for business outcomes (our own range; the client shows errMsg). */
export const VodErrCode = {
  /** No such title, person or playlist. */
  META_NOT_FOUND: 10120001,
  /** 'Unavailable source' (spec §8): the title has no playable source right now. */
  SOURCE_UNAVAILABLE: 10120002,
  /** A SERIES or SEASON was asked to play: play one of its episodes. */
  NOT_PLAYABLE: 10120003,
} as const;

// Spec §7: the VOD API carries the token in the query, and its paths sit under /vodapi.
const vod = { area: 'vod', tokenIn: 'query' } as const;
const post = { ...vod, method: 'POST' } as const;
const get = { ...vod, method: 'GET' } as const;
const one = { ...accountScoped, metaId: metaIdSchema };
/** A boolean in a GET query: the client sends String(value). */
const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((x) => x === true || x === 'true' || x === '1');
const pageOf = <T extends z.ZodType>(item: T) => pageInfoSchema.extend({ list: z.array(item) });

export const playlistRoot = defineCall({
  ...post,
  path: '/vodapi/api/meta/playlist/root/v1',
  access: 'public',
  summary: 'The playlists: categories (levelType 1, one per VOD type) and home lists (99), in order.',
  request: z
    .object({ ...accountScoped, levelType: z.union([z.literal(1), z.literal(99)]).optional() })
    .strict(),
  response: z.object({ playlists: z.array(playlistSchema) }),
});

export const batchPlaylist = defineCall({
  ...post,
  path: '/vodapi/api/meta/playlist/batchPlaylist/v1',
  access: 'public',
  summary: 'One page of cards of each playlist; dynamic lists are evaluated now, by their rule.',
  request: z
    .object({
      ...accountScoped,
      playlistIds: z.array(z.string().min(1).max(64)).min(1).max(20),
      /** 1 = posters (2:3) in card.image, 2 = landscapes (16:9, the default). */
      showListType: z.union([z.literal(1), z.literal(2)]).default(2),
      /** Include titles marked sensitive (adult); off by default. */
      sensitive: z.boolean().default(false),
      ...pageFields(16),
    })
    .strict(),
  response: z.object({
    playlists: z.array(playlistSchema.extend(pageOf(cardSchema).shape)),
  }),
});

export const playSource = defineCall({
  ...post,
  path: '/vodapi/api/meta/media/playSource/v1',
  access: 'session',
  summary: 'A signed, expiring play URL for a MOVIE or EPISODE, with where the caller stopped.',
  /** parentalPin: allows this one play of a title rated above the profile's maximum (issue 20 §2). */
  request: z.object({ ...one, parentalPin: parentalPinSchema.optional() }).strict(),
  response: z.object({
    metaId: z.string(),
    url: z.string(),
    drmType: z.string(),
    /** Epoch ms after which the URL stops working. */
    expiresAt: z.number().int(),
    mediaQualityList: z.array(z.number().int()),
    history: playPositionSchema.nullable(),
  }),
});

export const trailer = defineCall({
  ...post,
  path: '/vodapi/api/meta/media/trailer/v1',
  access: 'session',
  summary: "A title's trailers with signed play URLs (a series' trailer serves its seasons and episodes).",
  /** parentalPin: a trailer is rated as its title; above the profile's maximum it plays only with it (issue 35). */
  request: z.object({ ...one, parentalPin: parentalPinSchema.optional() }).strict(),
  response: z.object({
    list: z.array(
      z.object({
        trailerId: z.string(),
        title: z.string(),
        duration: z.number().int(),
        url: z.string(),
        expiresAt: z.number().int(),
      }),
    ),
  }),
});

export const detail = defineCall({
  ...post,
  path: '/vodapi/api/meta/media/detail/v1',
  access: 'public',
  summary: 'The VOD detail of a movie, series, season or episode; history is filled for a session.',
  request: z.object(one).strict(),
  response: vodDetailSchema,
});

export const batchDetail = defineCall({
  ...post,
  path: '/vodapi/api/meta/media/batchDetail/v1',
  access: 'public',
  summary: 'Details of several titles in the order asked; unknown ids are left out.',
  request: z.object({ ...accountScoped, metaIds: metaIdListSchema }).strict(),
  response: z.object({ list: z.array(vodDetailSchema) }),
});

export const episodes = defineCall({
  ...post,
  path: '/vodapi/api/meta/media/episode/list/v1',
  access: 'public',
  summary: 'Episodes of a season, or of a series (its first season unless `season` is given; noSeason: all).',
  request: z
    .object({ ...one, season: z.number().int().min(0).max(999).optional(), ...pageFields(100, 500) })
    .strict(),
  response: pageOf(episodeItemSchema).extend({
    seriesId: z.string(),
    seasonId: z.string().nullable(),
    season: z.number().int().nullable(),
  }),
});

const personIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'personId must be 1-64 of A-Z a-z 0-9 _ -');

export const personDetail = defineCall({
  ...post,
  path: '/vodapi/api/meta/person/detail',
  access: 'public',
  summary: 'A person of the cast or crew.',
  request: z.object({ ...accountScoped, personId: personIdSchema }).strict(),
  response: z.object({
    personId: z.string(),
    name: z.string(),
    biography: z.string(),
    birthYear: z.number().int(),
    country: z.string(),
    photo: z.string(),
    knownFor: creditSchema.shape.role,
    titleCount: z.number().int(),
  }),
});

export const filmography = defineCall({
  ...post,
  path: '/vodapi/api/meta/person/filmography',
  access: 'public',
  summary: "A person's titles, newest first, with their role in each.",
  request: z.object({ ...accountScoped, personId: personIdSchema, ...pageFields(16) }).strict(),
  response: pageOf(cardSchema.extend({ role: creditSchema.shape.role, character: z.string() })),
});

export const searchTopx = defineCall({
  ...get,
  path: '/vodapi/api/meta/media/searchTopx/v1',
  access: 'public',
  summary:
    'Top searches: keywords by how many users searched them and found something (one vote each, 30 days).',
  request: z.object(pageFields(10, 50)).strict(),
  response: pageOf(z.object({ rank: z.number().int(), keyword: z.string(), searchCount: z.number().int() })),
});

export const recommendList = defineCall({
  ...get,
  path: '/vodapi/api/meta/recommend/list/v1',
  access: 'public',
  summary: 'More like this: titles sharing genres and people with metaId, best match first.',
  request: z
    .object({
      metaId: metaIdSchema,
      pageSize: z.coerce.number().int().min(1).max(50).default(16),
      /** A query string carries text: true, 'true' and '1' include sensitive titles. */
      sensitive: queryBoolean.default(false),
    })
    .strict(),
  response: z.object({ list: z.array(cardSchema) }),
});

export const search = defineCall({
  ...post,
  path: '/vodapi/api/meta/search/v1',
  access: 'public',
  summary: 'Full-text search over titles (en, es, pt), people and genres; title hits rank first.',
  request: z
    .object({
      ...accountScoped,
      keyword: z.string().trim().min(1, 'keyword must not be empty').max(100),
      vodType: vodTypeSchema.optional(),
      sensitive: z.boolean().default(false),
      ...pageFields(10, 50),
      /** Suggestions while typing: answered like a search, never counted in the top searches. */
      suggest: z.boolean().default(false),
    })
    .strict(),
  response: pageOf(cardSchema.extend({ matchedOn: z.enum(['title', 'person', 'genre']) })),
});

export const vodCatalogueCalls = {
  playlistRoot,
  batchPlaylist,
  playSource,
  trailer,
  detail,
  batchDetail,
  episodes,
  personDetail,
  filmography,
  searchTopx,
  recommendList,
  search,
};

/** Every VOD API call (spec §7), for `contract.vod`. */
export const vodCalls = { ...vodCatalogueCalls, ...vodProfileCalls };
