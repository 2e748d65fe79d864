import { type Selectable, sql } from 'kysely';
import type { Db } from './db.ts';
import type { ProfilesTable } from './kysely/schema.generated.ts';

/** SQL of profiles, the session's current profile and the parental PIN (decision 0285). */

export type ProfileRow = Selectable<ProfilesTable>;

export function listProfiles(db: Db, accountId: string): ProfileRow[] {
  return db.all<ProfileRow>(
    'SELECT * FROM profiles WHERE account_id = ? ORDER BY created_at, profile_id',
    accountId,
  );
}

/** listProfiles on the asynchronous store: the profile list every page with a profile menu asks (issue 39). */
export function listProfilesNow(db: Db, accountId: string): Promise<ProfileRow[]> {
  return db.kysely
    .selectFrom('profiles')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('profile_id')
    .execute();
}

export function getProfile(db: Db, profileId: string): ProfileRow | undefined {
  return db.get<ProfileRow>('SELECT * FROM profiles WHERE profile_id = ?', profileId);
}

/**
 * The account's first profile has the account's id; an account made without one (before profiles, or by an
 * operator's import) gets it on its first call that needs it. Two calls at once make it once. On the
 * asynchronous store (issue 39): a viewer's first call waits on it, no other request does.
 */
export async function ensureDefaultProfile(
  db: Db,
  accountId: string,
  now: number,
): Promise<ProfileRow | undefined> {
  const k = db.kysely;
  await k
    .insertInto('profiles')
    .columns(['profile_id', 'account_id', 'name', 'avatar', 'lang', 'kids', 'max_rating', 'created_at'])
    .expression(
      k
        .selectFrom('accounts')
        .select([
          'account_id as profile_id',
          'account_id',
          'account_name as name',
          sql.lit('sun').as('avatar'),
          sql.lit('en').as('lang'),
          sql.lit(0).as('kids'),
          sql.lit('18').as('max_rating'),
          // A literal: PostgreSQL cannot type a parameter in an INSERT's SELECT list.
          sql.lit(Math.trunc(now)).as('created_at'),
        ])
        .where('account_id', '=', accountId),
    )
    .onConflict((oc) => oc.column('profile_id').doNothing())
    .execute();
  return k.selectFrom('profiles').selectAll().where('profile_id', '=', accountId).executeTakeFirst();
}

export function insertProfile(db: Db, p: ProfileRow): void {
  db.run(
    `INSERT INTO profiles (profile_id, account_id, name, avatar, lang, kids, max_rating, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    p.profile_id,
    p.account_id,
    p.name,
    p.avatar,
    p.lang,
    p.kids,
    p.max_rating,
    p.created_at,
  );
}

export function updateProfile(db: Db, p: ProfileRow): void {
  db.run(
    'UPDATE profiles SET name = ?, avatar = ?, lang = ?, kids = ?, max_rating = ? WHERE profile_id = ?',
    p.name,
    p.avatar,
    p.lang,
    p.kids,
    p.max_rating,
    p.profile_id,
  );
}

/** Its favourites, history, resume points, reminders and session choices go with it (ON DELETE CASCADE). */
export function deleteProfile(db: Db, profileId: string): void {
  db.run('DELETE FROM profiles WHERE profile_id = ?', profileId);
}

export function setSessionProfile(db: Db, sessionId: string, profileId: string, now: number): void {
  db.run(
    `INSERT INTO session_profiles (session_id, profile_id, chosen_at) VALUES (?, ?, ?)
     ON CONFLICT (session_id) DO UPDATE SET profile_id = excluded.profile_id, chosen_at = excluded.chosen_at`,
    sessionId,
    profileId,
    now,
  );
}

export function pinHash(db: Db, accountId: string): string | undefined {
  return db.get<{ pin_hash: string }>('SELECT pin_hash FROM parental_pins WHERE account_id = ?', accountId)
    ?.pin_hash;
}

/** Whether the account has a PIN, on the asynchronous store. */
export async function pinSetNow(db: Db, accountId: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('parental_pins')
    .select('account_id')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row !== undefined;
}

export function putPinHash(db: Db, accountId: string, hash: string, now: number): void {
  db.run(
    `INSERT INTO parental_pins (account_id, pin_hash, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (account_id) DO UPDATE SET pin_hash = excluded.pin_hash, updated_at = excluded.updated_at`,
    accountId,
    hash,
    now,
  );
}
