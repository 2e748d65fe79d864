import { account } from './areas/account.ts';
import { common } from './areas/common.ts';
import { live } from './areas/live.ts';
import { pwa } from './areas/pwa.ts';
import { profiles } from './areas/profiles.ts';
import { vod } from './areas/vod.ts';

/**
 * Every area's texts, merged. Add an area: create areas/<area>.ts with defineMessages and spread it in
 * each of the three lines below. Texts the spec quotes are kept word for word in English.
 */
export const en = { ...common.en, ...account.en, ...vod.en, ...live.en, ...pwa.en, ...profiles.en } as const;
export const es = { ...common.es, ...account.es, ...vod.es, ...live.es, ...pwa.es, ...profiles.es };
export const pt = { ...common.pt, ...account.pt, ...vod.pt, ...live.pt, ...pwa.pt, ...profiles.pt };

export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, string>;
