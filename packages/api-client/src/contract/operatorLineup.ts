import { z } from 'zod';
import { defineCall } from './call.ts';
import { NAME_MAX_CHARS, sizeText } from './limits.ts';
import { daySchema, guideLangSchema } from './liveCommon.ts';
import { jobSchema, OPERATOR_API_PREFIX } from './operator.ts';
import { sourceUrlSchema } from './operatorSources.ts';
import { base64Picture } from './picture.ts';

/**
 * Issue 18 §2 and §3: the line-up (channels, categories, logos, rights) and the guide in the console. Editors
 * change them; support sees them (decision 0230).
 */
const p = (rest: string) => `${OPERATOR_API_PREFIX}lineup/${rest}`;
const editor = ['editor'] as const;
const readers = ['editor', 'support'] as const;

const idSchema = z.string().min(1).max(128);
/** Channel and category names as viewers see them. */
export const lineupNameSchema = z
  .string()
  .trim()
  .min(1, 'Give it a name')
  .max(NAME_MAX_CHARS, `At most ${NAME_MAX_CHARS} characters`)
  .regex(/^[^\p{Cc}]+$/u, 'No control characters');
/** The channel number viewers see and the line-up is ordered by. */
export const channelNumberSchema = z
  .number({ error: 'Enter a whole number from 1 to 99999' })
  .int('Enter a whole number from 1 to 99999')
  .min(1, 'Enter a whole number from 1 to 99999')
  .max(99_999, 'Enter a whole number from 1 to 99999');

/** The access rules that exist today (spec §3 contentRuleList) an operator may set: ip, mac, region. */
export const channelRuleSchema = z.object({
  action: z.enum(['allow', 'deny']),
  ruleType: z.enum(['ip', 'mac', 'region']),
  /** Comma-separated values; ip values accept `*` wildcards, regions are ISO country codes. */
  ruleValue: z
    .string()
    .trim()
    .min(1, 'Give at least one value')
    .max(2000, 'At most 2000 characters')
    .regex(/^[A-Za-z0-9*.:,\s-]+$/, 'Only letters, digits, and . : * , -'),
});

export const consoleChannelSchema = z.object({
  logicalChannelId: z.string(),
  name: z.string(),
  number: z.number().int(),
  iconUrl: z.string(),
  columnIds: z.array(z.string()),
  /** The plan's product that grants it (`free` for everyone). */
  productId: z.string(),
  /** `audio` for a radio channel (channelType 5), else `video`. */
  mode: z.enum(['video', 'audio']),
  /** Imported from a line-up source: a refresh may change its name, number and logo again. */
  imported: z.boolean(),
  rules: z.array(channelRuleSchema),
  epgId: z.string(),
});
export type ConsoleChannel = z.output<typeof consoleChannelSchema>;

export const consoleCategorySchema = z.object({
  columnId: z.string(),
  name: z.string(),
  seq: z.number().int(),
  channels: z.number().int(),
});
export type ConsoleCategory = z.output<typeof consoleCategorySchema>;

export const lineupList = defineCall({
  area: 'operator',
  method: 'GET',
  path: p('channels'),
  access: 'operator',
  roles: readers,
  summary: 'The line-up in order with categories and the products a channel may be granted by.',
  request: z.object({}).strict(),
  response: z.object({
    channels: z.array(consoleChannelSchema),
    categories: z.array(consoleCategorySchema),
    products: z.array(z.string()),
  }),
});

export const lineupChannelSave = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('channel/save'),
  access: 'operator',
  roles: editor,
  summary: 'Adds a channel (no id) or changes one: name, number, categories, plan, access rules.',
  request: z
    .object({
      logicalChannelId: idSchema.optional(),
      name: lineupNameSchema,
      number: channelNumberSchema,
      columnIds: z.array(idSchema).max(20),
      productId: z.string().trim().min(1, 'Pick a plan').max(64),
      rules: z.array(channelRuleSchema).max(20),
    })
    .strict(),
  response: z.object({ channel: consoleChannelSchema }),
});

/** A logo as uploaded: PNG or JPEG, at most 2 MB, base64 in the JSON body. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

const channelLogo = base64Picture(LOGO_MAX_BYTES, 'logo', 'Choose a PNG or JPEG file');

export const lineupChannelLogo = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('channel/logo'),
  access: 'operator',
  roles: editor,
  maxBodyBytes: channelLogo.maxBodyBytes,
  summary:
    'Uploads a channel’s logo (PNG or JPEG, base64, at most 2 MB): resized and served by ottkit like imported logos.',
  request: z.object({ logicalChannelId: idSchema, image: channelLogo.image }).strict(),
  response: z.object({ channel: consoleChannelSchema }),
});

const moveSchema = z.enum(['up', 'down']);

export const lineupChannelMove = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('channel/move'),
  access: 'operator',
  roles: editor,
  summary: 'Moves a channel one place up or down the line-up (it swaps numbers with its neighbour).',
  request: z.object({ logicalChannelId: idSchema, direction: moveSchema }).strict(),
  response: z.object({ channels: z.array(consoleChannelSchema) }),
});

export const lineupChannelDelete = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('channel/delete'),
  access: 'operator',
  roles: editor,
  summary: 'Removes a channel, its guide and viewers’ favourites of it.',
  request: z.object({ logicalChannelId: idSchema }).strict(),
  response: z.object({}),
});

export const lineupCategorySave = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('category/save'),
  access: 'operator',
  roles: editor,
  summary: 'Adds a category (no id, last in order) or renames one.',
  request: z.object({ columnId: idSchema.optional(), name: lineupNameSchema }).strict(),
  response: z.object({ category: consoleCategorySchema }),
});

export const lineupCategoryMove = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('category/move'),
  access: 'operator',
  roles: editor,
  summary: 'Moves a category one place up or down.',
  request: z.object({ columnId: idSchema, direction: moveSchema }).strict(),
  response: z.object({ categories: z.array(consoleCategorySchema) }),
});

export const lineupCategoryDelete = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('category/delete'),
  access: 'operator',
  roles: editor,
  summary: 'Removes a category; its channels stay in the line-up.',
  request: z.object({ columnId: idSchema }).strict(),
  response: z.object({}),
});

export const consoleProgrammeSchema = z.object({
  programId: z.string(),
  start: z.number().int(),
  stop: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** Only when the guide gives one (imported XMLTV). */
  rating: z.object({ system: z.string(), value: z.string() }).optional(),
});
export type ConsoleProgramme = z.output<typeof consoleProgrammeSchema>;

export const lineupGuideDay = defineCall({
  area: 'operator',
  method: 'GET',
  path: p('guide/day'),
  access: 'operator',
  roles: readers,
  summary: 'One channel’s programmes of one UTC day, in a guide language, with the day’s checksum.',
  request: z
    .object({ logicalChannelId: idSchema, day: daySchema, lang: guideLangSchema.default('en') })
    .strict(),
  response: z.object({
    epgId: z.string(),
    day: z.string(),
    checksum: z.string(),
    programmes: z.array(consoleProgrammeSchema),
  }),
});

export const lineupProgrammeSave = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('guide/programme'),
  access: 'operator',
  roles: editor,
  summary:
    'Changes one programme of a day (title and description in a language, start and end, rating): the day must ' +
    'stay without overlaps; its checksum moves so viewers’ guides fetch it again.',
  request: z
    .object({
      logicalChannelId: idSchema,
      day: daySchema,
      programId: idSchema,
      lang: guideLangSchema,
      title: z.string().trim().min(1, 'Give the programme a title').max(200, 'At most 200 characters'),
      description: z.string().trim().max(2000, 'At most 2000 characters'),
      start: z.number().int(),
      stop: z.number().int(),
      ratingValue: z.string().trim().max(20, 'At most 20 characters').optional(),
    })
    .strict()
    .refine((v) => v.stop > v.start, { message: 'The end must be after the start', path: ['stop'] }),
  response: z.object({ checksum: z.string(), programme: consoleProgrammeSchema }),
});

/** An uploaded XMLTV file: at most 8 MB of text. */
export const GUIDE_UPLOAD_MAX_BYTES = 8 * 1024 * 1024;

export const lineupGuideImport = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('guide/import'),
  access: 'operator',
  roles: editor,
  maxBodyBytes: GUIDE_UPLOAD_MAX_BYTES + 64 * 1024,
  summary:
    'Imports an XMLTV guide from a URL or an uploaded file as a job over the line-up importer (a source of ' +
    'kind xmltv); channels take it by guide mapping.',
  request: z
    .object({
      name: lineupNameSchema,
      url: sourceUrlSchema.optional(),
      file: z
        .string()
        .min(1)
        .max(GUIDE_UPLOAD_MAX_BYTES, `The file must be at most ${sizeText(GUIDE_UPLOAD_MAX_BYTES)}`)
        .optional(),
    })
    .strict()
    .refine((v) => (v.url === undefined) !== (v.file === undefined), {
      message: 'Give an address or a file',
      path: ['url'],
    }),
  response: z.object({ job: jobSchema }),
});

export const operatorLineupCalls = {
  lineupList,
  lineupChannelSave,
  lineupChannelLogo,
  lineupChannelMove,
  lineupChannelDelete,
  lineupCategorySave,
  lineupCategoryMove,
  lineupCategoryDelete,
  lineupGuideDay,
  lineupProgrammeSave,
  lineupGuideImport,
};
