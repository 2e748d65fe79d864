import type { Db } from '../store/db.ts';
import { readSettings } from './appConfig.ts';

/** The operator's service name (`brand.name`, ottkit until the operator names it): what mails are signed with. */
export function serviceName(db: Db): string {
  return readSettings(db)['brand.name'];
}
