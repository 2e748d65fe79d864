import { describe, expect, it } from 'vitest';
import { TEST_SECRETS } from '../../test/testSecrets.ts';
import { twoConnections as twoConnectionsTo } from '../../test/twoConnections.ts';
import { DEMO_EXPIRY, DEMO_SUBSCRIBED, seedAccounts } from '../seed/accounts.ts';
import { seedLineup } from '../seed/lineup.ts';
import type { Db } from './db.ts';
import { favoriteChannelIds } from './liveUser.ts';
import { subscriptionsOf } from './subscriptions.ts';
import { namesNow, putName } from './names.ts';

// What every channel list, channel change and play reads of the viewer (decision 0419): the account's products
// and the profile's favourites, kept by each process while their version stays, and read again once any process
// or command wrote them.
const PROFILE = 'prof-kept';

/** Seeded channels and accounts, and a profile of the subscribed account. */
function seeded(db: Db) {
  seedLineup(db);
  seedAccounts(db, TEST_SECRETS);
  db.run(
    `INSERT INTO profiles (profile_id, account_id, name, avatar, lang, kids, max_rating, created_at)
     VALUES (?, ?, 'Kept', 'a1', 'en', 0, '18', 1)`,
    PROFILE,
    DEMO_SUBSCRIBED.accountId,
  );
}
/** A favourite of the profile written as any process would (a row, which moves the favourites' version). */
const putFavorite = (db: Db, profileId: string, channelId: string, at: number) =>
  db.run(
    `INSERT INTO favorite_channels (profile_id, account_id, logical_channel_id, update_time) VALUES (?, ?, ?, ?)
     ON CONFLICT (profile_id, logical_channel_id) DO UPDATE SET update_time = excluded.update_time`,
    profileId,
    DEMO_SUBSCRIBED.accountId,
    channelId,
    at,
  );
const deleteFavorite = (db: Db, profileId: string, channelId: string) =>
  db.run(
    'DELETE FROM favorite_channels WHERE profile_id = ? AND logical_channel_id = ?',
    profileId,
    channelId,
  );
const twoConnections = (use: (one: Db, other: Db) => Promise<void>) => twoConnectionsTo(seeded, use);

/** A write the versions do not see: the version put back after it, so only a read of the rows can notice it. */
const unseen = (db: Db, version: string, write: () => void) =>
  db.transaction(() => {
    const before = db.get<{ n: number }>(`SELECT n FROM ${version}`)?.n ?? 0;
    write();
    db.run(`UPDATE ${version} SET n = ?`, before);
  });

describe("a viewer's products and favourites, kept while their version stays", () => {
  it("answers an account's products from memory until a product is written, here or in another process", async () => {
    await twoConnections(async (one, other) => {
      const id = DEMO_SUBSCRIBED.accountId;
      const expiryOf = async (db: Db) => (await subscriptionsOf(db, id)).map((s) => Number(s.expired_ts));
      expect(new Set(await expiryOf(other))).toEqual(new Set([DEMO_EXPIRY]));
      unseen(one, 'entitlements_version', () =>
        one.run('UPDATE subscriptions SET expired_ts = 5 WHERE account_id = ?', id),
      );
      // Kept: the rows are not read again.
      expect(new Set(await expiryOf(other))).toEqual(new Set([DEMO_EXPIRY]));
      one.run('UPDATE subscriptions SET expired_ts = 7 WHERE account_id = ?', id);
      expect(new Set(await expiryOf(other))).toEqual(new Set([7]));
      one.run('DELETE FROM subscriptions WHERE account_id = ?', id);
      expect(await expiryOf(other)).toEqual([]);
      one.run(
        "INSERT INTO subscriptions (account_id, product_id, expired_ts) VALUES (?, 'vod-basic', 9)",
        id,
      );
      expect(await expiryOf(other)).toEqual([9]);
      expect(await expiryOf(one)).toEqual([9]);
    });
  });

  it("answers a profile's favourites from memory until a favourite is written, here or in another process", async () => {
    await twoConnections(async (one, other) => {
      expect(await favoriteChannelIds(other, PROFILE)).toEqual([]);
      putFavorite(one, PROFILE, 'lc-001', 1);
      expect(await favoriteChannelIds(other, PROFILE)).toEqual(['lc-001']);
      unseen(one, 'favourites_version', () => putFavorite(one, PROFILE, 'lc-002', 2));
      expect(await favoriteChannelIds(other, PROFILE)).toEqual(['lc-001']);
      putFavorite(one, PROFILE, 'lc-001', 3);
      expect(new Set(await favoriteChannelIds(other, PROFILE))).toEqual(new Set(['lc-001', 'lc-002']));
      deleteFavorite(one, PROFILE, 'lc-001');
      expect(await favoriteChannelIds(other, PROFILE)).toEqual(['lc-002']);
    });
  });

  it("answers a language's product names from memory until a product name is written, here or in another process", async () => {
    await twoConnections(async (one, other) => {
      const name = async (db: Db) => (await namesNow(db, 'product_names', 'es')).get('kept-product');
      putName(one, 'product_names', 'kept-product', 'es', 'Uno');
      expect(await name(other)).toBe('Uno');
      unseen(one, 'settings_version', () =>
        one.run("UPDATE product_names SET name = 'Dos' WHERE product_id = 'kept-product'"),
      );
      expect(await name(other)).toBe('Uno');
      putName(one, 'product_names', 'kept-product', 'es', 'Tres');
      expect(await name(other)).toBe('Tres');
    });
  });
});
