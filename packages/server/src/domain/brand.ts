import type { Db } from '../store/db.ts';
import { settingsValuesNow } from './appConfig.ts';

/** The operator's service name (`brand.name`; ottkit until the operator names it): on every page and message. */
export async function serviceName(db: Db): Promise<string> {
  return (await settingsValuesNow(db))['brand.name'];
}
