import { z } from 'zod';
import { defineCall } from './call.ts';
import { NAME_MAX_CHARS } from './limits.ts';
import { OPERATOR_API_PREFIX } from './operator.ts';
import { metaIdSchema } from './vodSchemas.ts';

/**
 * Issue 18 §4, the home page's banners and rows in the console (decision 0236): order, add, remove. Banners
 * are the home carousel (`vod_banners` without a category), rows the home lists (`vod_playlists`, levelType 99).
 */
const p = (rest: string) => `${OPERATOR_API_PREFIX}home/${rest}`;
const editor = ['editor'] as const;
const readers = ['editor', 'support'] as const;
const itemIdSchema = z.string().min(1).max(64);
/**
 * A new row follows a rule, so it fills itself: newest, top-rated, genre:<genreId>, type:<vodType>. The one
 * grammar of a rule: the server's rule evaluator parses with it too.
 */
export const HOME_ROW_RULE_PATTERN = /^(?:newest|top-rated|(genre|type):([a-z0-9_-]{1,32}))$/;
export const homeRowRuleSchema = z
  .string()
  .regex(HOME_ROW_RULE_PATTERN, 'Choose newest, top-rated, genre:… or type:…');

export const homeBannerSchema = z.object({
  bannerItemId: z.string(),
  title: z.string(),
  linkType: z.string(),
  linkId: z.string(),
});
export const homeRowSchema = z.object({
  playlistId: z.string(),
  name: z.string(),
  /** null for a list of chosen titles. */
  rule: z.string().nullable(),
});
const layout = z.object({ banners: z.array(homeBannerSchema), rows: z.array(homeRowSchema) });

export const homeGet = defineCall({
  area: 'operator',
  method: 'GET',
  path: p('get'),
  access: 'operator',
  roles: readers,
  summary: 'The home page’s banners and rows, in order.',
  request: z.object({}).strict(),
  response: layout,
});

export const homeBannerAdd = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('banners/add'),
  access: 'operator',
  roles: editor,
  summary: 'Adds a banner for a catalogue title at the end of the home carousel (its texts are the title’s).',
  request: z.object({ metaId: metaIdSchema }).strict(),
  response: layout,
});

export const homeBannerRemove = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('banners/remove'),
  access: 'operator',
  roles: editor,
  summary: 'Removes a banner from the home carousel.',
  request: z.object({ bannerItemId: itemIdSchema }).strict(),
  response: layout,
});

export const homeBannerOrder = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('banners/order'),
  access: 'operator',
  roles: editor,
  summary: 'Puts the home banners in this order (every banner, each once).',
  request: z.object({ bannerItemIds: z.array(itemIdSchema).min(1).max(200) }).strict(),
  response: layout,
});

export const homeRowAdd = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('rows/add'),
  access: 'operator',
  roles: editor,
  summary:
    'Adds a home row that follows a rule, at the end (its name in English; Spanish and Portuguese fall back).',
  request: z
    .object({
      name: z
        .string()
        .trim()
        .min(1, 'Give the row a name')
        .max(NAME_MAX_CHARS, `At most ${NAME_MAX_CHARS} characters`),
      rule: homeRowRuleSchema,
    })
    .strict(),
  response: layout,
});

export const homeRowRemove = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('rows/remove'),
  access: 'operator',
  roles: editor,
  summary: 'Removes a row from the home page (the titles in it stay in the catalogue).',
  request: z.object({ playlistId: itemIdSchema }).strict(),
  response: layout,
});

export const homeRowOrder = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('rows/order'),
  access: 'operator',
  roles: editor,
  summary: 'Puts the home rows in this order (every row, each once).',
  request: z.object({ playlistIds: z.array(itemIdSchema).min(1).max(200) }).strict(),
  response: layout,
});

export const operatorHomeCalls = {
  homeGet,
  homeBannerAdd,
  homeBannerRemove,
  homeBannerOrder,
  homeRowAdd,
  homeRowRemove,
  homeRowOrder,
};
