import { type Selectable, sql } from 'kysely';
import type { Db } from './db.ts';
import type { ProfilesTable } from './kysely/schema.generated.ts';
import { query, transactionally } from './kysely/transactionally.ts';
import { lockAccountStatement } from './accounts.ts';

/** SQL of profiles, the session's current profile and the parental PIN (decision 0285). */

export type ProfileRow = Selectable<ProfilesTable>;

/** An account's profiles, oldest first: the profile list every page with a profile menu asks (issue 39). */
export function listProfilesNow(db: Db, accountId: string): Promise<ProfileRow[]> {
  return db.kysely
    .selectFrom('profiles')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('profile_id')
    .execute();
}

export function getProfile(db: Db, profileId: string): Promise<ProfileRow | undefined> {
  return db.kysely.selectFrom('profiles').selectAll().where('profile_id', '=', profileId).executeTakeFirst();
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

/**
 * Adds a profile unless the account has `limit` already, in one transaction with the account's row locked: two
 * profiles made at once, on any process, cannot pass the limit together. Answers whether it was added.
 */
export function insertProfileWithin(db: Db, p: ProfileRow, limit: number): Promise<boolean> {
  const k = db.kysely;
  return transactionally(db, function* () {
    yield* query(lockAccountStatement(db, p.account_id));
    const counted = yield* query(
      k
        .selectFrom('profiles')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('account_id', '=', p.account_id)
        .compile(),
    );
    if (Number(counted.rows[0]?.n ?? 0) >= limit) return false;
    yield* query(k.insertInto('profiles').values(p).compile());
    return true;
  });
}

export async function updateProfile(db: Db, p: ProfileRow): Promise<void> {
  const { name, avatar, lang, kids, max_rating } = p;
  await db.kysely
    .updateTable('profiles')
    .set({ name, avatar, lang, kids, max_rating })
    .where('profile_id', '=', p.profile_id)
    .execute();
}

/** Its favourites, history, resume points, reminders and session choices go with it (ON DELETE CASCADE). */
export async function deleteProfile(db: Db, profileId: string): Promise<void> {
  await db.kysely.deleteFrom('profiles').where('profile_id', '=', profileId).execute();
}

export async function setSessionProfile(
  db: Db,
  sessionId: string,
  profileId: string,
  now: number,
): Promise<void> {
  await db.kysely
    .insertInto('session_profiles')
    .values({ session_id: sessionId, profile_id: profileId, chosen_at: now })
    .onConflict((c) =>
      c.column('session_id').doUpdateSet((eb) => ({
        profile_id: eb.ref('excluded.profile_id'),
        chosen_at: eb.ref('excluded.chosen_at'),
      })),
    )
    .execute();
}

export async function pinHash(db: Db, accountId: string): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom('parental_pins')
    .select('pin_hash')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.pin_hash;
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

export async function putPinHash(db: Db, accountId: string, hash: string, now: number): Promise<void> {
  await db.kysely
    .insertInto('parental_pins')
    .values({ account_id: accountId, pin_hash: hash, updated_at: now })
    .onConflict((c) =>
      c.column('account_id').doUpdateSet((eb) => ({
        pin_hash: eb.ref('excluded.pin_hash'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}
