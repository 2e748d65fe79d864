import { z } from 'zod';
import { defineCall } from './call.ts';
import { OPERATOR_API_PREFIX } from './operator.ts';
import { metaIdSchema } from './vodSchemas.ts';

/**
 * Issue 18 §4, people and genres of a console title (decision 0238): an editor attaches cast, director and
 * genre names to a title, picking existing ones or naming new ones; publishing writes them to the catalogue,
 * where the title page shows them and search by genre finds the title. Support reads.
 */
const p = (rest: string) => `${OPERATOR_API_PREFIX}titles/${rest}`;

const nameSchema = z.string().trim().min(1, 'Give a name').max(100, 'At most 100 characters');
/** At most this many names per list, so a form can't flood the catalogue. */
export const MAX_CREDIT_NAMES = 30;
const namesSchema = z
  .array(nameSchema)
  .max(MAX_CREDIT_NAMES, `At most ${MAX_CREDIT_NAMES} names`)
  .refine((v) => new Set(v.map((n) => n.toLowerCase())).size === v.length, 'Each name once');

/** What a title credits: names, matched to the catalogue's people and genres (case-insensitive) or made new. */
export const titleCreditsFormSchema = z
  .object({ cast: namesSchema, directors: namesSchema, genres: namesSchema })
  .strict();
export type TitleCreditsForm = z.output<typeof titleCreditsFormSchema>;

export const titleCredits = defineCall({
  area: 'operator',
  method: 'GET',
  path: p('credits'),
  access: 'operator',
  roles: ['editor', 'support'],
  summary:
    'A title’s cast, directors and genres, with the names of the catalogue’s people and genres to pick from.',
  request: z.object({ metaId: metaIdSchema }).strict(),
  response: z.object({
    credits: titleCreditsFormSchema,
    people: z.array(z.string()),
    genres: z.array(z.string()),
  }),
});

export const titleCreditsSave = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('credits/save'),
  access: 'operator',
  roles: ['editor'],
  summary:
    'Sets a title’s cast, directors and genres (new names become new people or genres); a published title ' +
    'changes for subscribers at once.',
  request: titleCreditsFormSchema.extend({ metaId: metaIdSchema }).strict(),
  response: z.object({ credits: titleCreditsFormSchema }),
});

export const operatorCreditCalls = { titleCredits, titleCreditsSave };
