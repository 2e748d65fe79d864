import { z } from 'zod';
import { defineCall } from './call.ts';
import { OPERATOR_API_PREFIX } from './operator.ts';
import { consoleTitleSchema, titleTextSchema } from './operatorTitles.ts';
import { metaIdSchema } from './vodSchemas.ts';

/**
 * Issue 18 §4, series in the console (decision 0280): an editor adds seasons to a series and episodes to a
 * season; each episode gets its own video through the titles' upload and transcode calls, and publishing the
 * series puts it with its seasons and transcoded episodes in the catalogue. Support reads.
 */
const p = (rest: string) => `${OPERATOR_API_PREFIX}titles/${rest}`;

const numberSchema = (what: string) =>
  z.coerce
    .number()
    .int(`A ${what} number from 1 to 999`)
    .min(1, `A ${what} number from 1 to 999`)
    .max(999, `A ${what} number from 1 to 999`);

/** A part's texts: English required, Spanish and Portuguese fall back to it (like a title's). */
const partTexts = { en: titleTextSchema, es: titleTextSchema.optional(), pt: titleTextSchema.optional() };

export const seasonFormSchema = z
  .object({ seriesId: metaIdSchema, seasonNo: numberSchema('season'), ...partTexts })
  .strict();

export const episodeFormSchema = z
  .object({
    seriesId: metaIdSchema,
    seasonNo: numberSchema('season'),
    episodeNo: numberSchema('episode'),
    ...partTexts,
  })
  .strict();

export const titleParts = defineCall({
  area: 'operator',
  method: 'GET',
  path: p('parts'),
  access: 'operator',
  roles: ['editor', 'support'],
  summary: 'The seasons and episodes of a console series, in order (season, then episode).',
  request: z.object({ metaId: metaIdSchema }).strict(),
  response: z.object({ parts: z.array(consoleTitleSchema) }),
});

export const titleSeasonAdd = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('seasons/add'),
  access: 'operator',
  roles: ['editor'],
  summary: 'Adds a season to a series (a draft until the series is published again).',
  request: seasonFormSchema,
  response: z.object({ title: consoleTitleSchema }),
});

export const titleEpisodeAdd = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('episodes/add'),
  access: 'operator',
  roles: ['editor'],
  summary:
    'Adds an episode to a season of a series; upload its video with the titles’ upload calls (its `metaId`).',
  request: episodeFormSchema,
  response: z.object({ title: consoleTitleSchema }),
});

export const titleUnpublish = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('unpublish'),
  access: 'operator',
  roles: ['editor'],
  summary:
    'Takes a movie, or a series with all its seasons and episodes, out of the subscribers’ catalogue; the ' +
    'drafts and videos stay, so it can be published again.',
  request: z.object({ metaId: metaIdSchema }).strict(),
  response: z.object({ title: consoleTitleSchema }),
});

export const operatorEpisodeCalls = { titleParts, titleSeasonAdd, titleEpisodeAdd, titleUnpublish };
