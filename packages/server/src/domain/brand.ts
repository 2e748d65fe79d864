import type { Db } from '../store/db.ts';
import { readSettings, settingsValuesNow } from './appConfig.ts';

/** The operator's service name (`brand.name`; ottkit until the operator names it): on every page and message. */
export function serviceName(db: Db): string {
  return readSettings(db)['brand.name'];
}

/** The same, from the settings the process keeps (the asynchronous store's callers). */
export async function serviceNameNow(db: Db): Promise<string> {
  return (await settingsValuesNow(db))['brand.name'];
}
