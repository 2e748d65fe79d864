import type { Db } from '../store/db.ts';
import { readSettings } from './appConfig.ts';

/** The operator's service name (`brand.name`; ottkit until the operator names it): on every page and message. */
export function serviceName(db: Db): string {
  return readSettings(db)['brand.name'];
}
