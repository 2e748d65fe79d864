import type { Session } from './sessions.ts';
import { getAccount } from '../store/accounts.ts';
import type { Db } from '../store/db.ts';
import type { Viewer } from './accessRules.ts';
import { countryOf, syncIpCountryFile } from './ipCountry.ts';

export interface ViewerInput {
  ip: string;
  /** The `mac` request header (set by TV boxes); browsers send none. */
  mac: string | undefined;
  session: Session | null;
  dataDir: string;
  now: number;
}

/** Who is asking, in the terms of the access rules: address, device, country (IP table) and account ids. */
export function buildViewer(db: Db, input: ViewerInput): Viewer {
  syncIpCountryFile(db, input.dataDir, input.now);
  const accounts: string[] = [];
  if (input.session) {
    const a = getAccount(db, input.session.accountId);
    accounts.push(input.session.accountId);
    if (a) accounts.push(a.virtual_code, a.email ?? '');
  }
  return { ip: input.ip, mac: input.mac ?? '', region: countryOf(db, input.ip), accounts };
}
