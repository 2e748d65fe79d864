import { z } from 'zod';
import { LANGS } from './langs.ts';

/** Every POST carries accountId (spec §7); a guest sends an empty one. */
export const accountScoped = { accountId: z.string().max(64).optional() };

/** A logicalChannelId as sent by a client. */
export const channelIdSchema = z.string().min(1).max(64);

/** A UTC calendar day, `YYYY-MM-DD`: the guide is stored and checksummed per day (decision 0051). */
export const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD');

/** Languages of the guide's titles and descriptions. */
export const guideLangSchema = z.enum(LANGS);
export type GuideLang = z.output<typeof guideLangSchema>;
