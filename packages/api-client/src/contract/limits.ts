/**
 * Limits the console's texts quote (issue 38): the schemas enforce them and the texts of every language take the
 * numbers from here (and from the byte limits beside their calls), so a changed limit changes every text at once.
 */

/** The names operators give: channels, categories, sources, plans, home rows. */
export const NAME_MAX_CHARS = 80;
/** A plan's id and product id. */
export const PLAN_ID_MAX_CHARS = 64;
export const PLAN_DESCRIPTION_MAX_CHARS = 500;
export const PLAN_PRICE_MAX = 1_000_000;
export const PLAN_DAYS_MAX = 3650;

/** A byte limit as a person reads it: `512 KB`, `2 MB`, `20 GB` (binary units; the limits are whole numbers of them). */
export function sizeText(bytes: number): string {
  const gb = bytes / 1024 ** 3;
  if (bytes < 1024 ** 2) return `${Math.round(bytes / 1024)} KB`;
  return Number.isInteger(gb) ? `${gb} GB` : `${Math.round(bytes / 1024 ** 2)} MB`;
}
