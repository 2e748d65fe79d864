import type { Session } from './sessions.ts';
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
export async function buildViewer(db: Db, input: ViewerInput): Promise<Viewer> {
  await syncIpCountryFile(db, input.dataDir, input.now);
  const s = input.session;
  const accounts = s ? [s.accountId, s.virtualCode, s.email ?? ''] : [];
  return { ip: input.ip, mac: input.mac ?? '', region: await countryOf(db, input.ip), accounts };
}
