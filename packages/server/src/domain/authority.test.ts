import { describe, expect, it } from 'vitest';
import { accessFromAu, auAllows, channelAu, EXP_FOREVER, EXP_NONE, FREE_PRODUCT_ID } from './authority.ts';

const NOW = Date.UTC(2026, 5, 1, 12);
const DAY = 86_400_000;
const basic = { productId: 'live-basic', canPlayBack: true, playbackDuration: 7 };

describe('auAllows (spec §4 channel access)', () => {
  it('allows exp -1 whatever sup says', () => {
    expect(auAllows({ exp: -1, sup: 1 }, NOW)).toBe(true);
    expect(auAllows({ exp: -1, sup: 0 }, NOW)).toBe(true);
  });
  it('allows a future exp only with sup 1', () => {
    expect(auAllows({ exp: NOW + 1, sup: 1 }, NOW)).toBe(true);
    expect(auAllows({ exp: NOW + 1, sup: 0 }, NOW)).toBe(false);
  });
  it('refuses exp 0, a past exp, the exact expiry instant and a missing entry', () => {
    expect(auAllows({ exp: 0, sup: 1 }, NOW)).toBe(false);
    expect(auAllows({ exp: NOW - 1, sup: 1 }, NOW)).toBe(false);
    expect(auAllows({ exp: NOW, sup: 1 }, NOW)).toBe(false);
    expect(auAllows(undefined, NOW)).toBe(false);
  });
});

describe('channelAu', () => {
  it('gives a free channel to everybody forever, catch-up only when the channel keeps days', () => {
    const free = { ...basic, productId: FREE_PRODUCT_ID };
    expect(channelAu(free, [], NOW)).toEqual([
      { k: 'live', exp: EXP_FOREVER, sup: 1 },
      { k: 'catchup', exp: EXP_FOREVER, sup: 1 },
    ]);
    expect(channelAu({ ...free, playbackDuration: 0 }, [], NOW)[1]).toEqual({ k: 'catchup', exp: 0, sup: 0 });
    expect(channelAu({ ...free, canPlayBack: false }, [], NOW)[1].exp).toBe(EXP_NONE);
  });

  it('grants a product channel until the subscription expires, then nothing', () => {
    const grants = [{ productId: 'live-basic', expiredTs: NOW + DAY }];
    const au = channelAu(basic, grants, NOW);
    expect(au).toEqual([
      { k: 'live', exp: NOW + DAY, sup: 1 },
      { k: 'catchup', exp: NOW + DAY, sup: 1 },
    ]);
    expect(accessFromAu(au, NOW)).toEqual({ live: true, catchup: true });
    expect(accessFromAu(au, NOW + DAY)).toEqual({ live: false, catchup: false });
  });

  it('ignores other products and keeps the latest expiry of the same product', () => {
    const grants = [
      { productId: 'live-sports', expiredTs: NOW + 9 * DAY },
      { productId: 'live-basic', expiredTs: NOW - DAY },
      { productId: 'live-basic', expiredTs: NOW + 2 * DAY },
    ];
    expect(channelAu(basic, grants, NOW)[0].exp).toBe(NOW + 2 * DAY);
    expect(channelAu(basic, [grants[0]!], NOW)[0]).toEqual({ k: 'live', exp: EXP_NONE, sup: 0 });
  });

  it('does not grant catch-up with a product that only carries VOD rights', () => {
    const vodOnly = { ...basic, productId: 'vod-basic' };
    const au = channelAu(vodOnly, [{ productId: 'vod-basic', expiredTs: NOW + DAY }], NOW);
    expect(accessFromAu(au, NOW)).toEqual({ live: false, catchup: false });
  });

  it('gives nothing without grants (a guest on a paid channel)', () => {
    expect(accessFromAu(channelAu(basic, [], NOW), NOW)).toEqual({ live: false, catchup: false });
  });

  it('closes the broadcast channel to everybody until it opens, then opens it to all', () => {
    const broadcast = { ...basic, broadcastOpensAt: NOW + 1000 };
    const grants = [{ productId: 'live-basic', expiredTs: NOW + DAY }];
    expect(accessFromAu(channelAu(broadcast, grants, NOW), NOW)).toEqual({ live: false, catchup: false });
    const later = NOW + 1000;
    expect(accessFromAu(channelAu(broadcast, [], later), later)).toEqual({ live: true, catchup: true });
  });
});

describe('channelAccess over the store', () => {
  it('decides from the stored subscriptions, the broadcast time and, given a viewer, the access rules', async () => {
    const { openDb } = await import('../store/db.ts');
    const { migrate } = await import('../store/migrations.ts');
    const { seedLineup } = await import('../seed/lineup.ts');
    const { putSubscription } = await import('../store/accounts.ts');
    const { BROADCAST_CHANNEL_ID, BROADCAST_OPENS_AT } = await import('../seed/channels.ts');
    const { channelAccess } = await import('./authority.ts');
    const db = openDb(':memory:');
    migrate(db);
    seedLineup(db);
    db.run(
      `INSERT INTO accounts (account_id, kind, virtual_code, account_name, login_method, country, free_trial_status,
        created_at) VALUES ('acc-1', 'user', '1', 'A', 2, 'US', 'NOT_START', 0)`,
    );
    putSubscription(db, 'acc-1', 'live-basic', NOW + DAY);
    const user = {
      accountId: 'acc-1',
      status: 'user' as const,
      sessionId: 's',
      virtualCode: '1',
      email: null,
    };
    const guest = { ...user, status: 'guest' as const };
    const cinema = { logicalChannelId: 'lc-004', ...basic };
    expect(await channelAccess(db, cinema, user, NOW)).toEqual({ live: true, catchup: true });
    expect(await channelAccess(db, cinema, guest, NOW)).toEqual({ live: false, catchup: false });
    expect(await channelAccess(db, cinema, null, NOW)).toEqual({ live: false, catchup: false });
    const national = {
      logicalChannelId: BROADCAST_CHANNEL_ID,
      productId: 'free',
      canPlayBack: true,
      playbackDuration: 1,
    };
    expect((await channelAccess(db, national, null, BROADCAST_OPENS_AT - 1)).live).toBe(false);
    expect((await channelAccess(db, national, null, BROADCAST_OPENS_AT)).live).toBe(true);
    db.run(
      `INSERT INTO channel_content_rules (logical_channel_id, seq, rule_category, action, rule_type, rule_value)
       VALUES ('lc-004', 0, 'basic', 'deny', 'ip', '10.*')`,
    );
    const viewer = (ip: string) => ({ ip, mac: '', region: '', accounts: ['acc-1'] });
    expect(await channelAccess(db, cinema, user, NOW, viewer('10.0.0.1'))).toEqual({
      live: false,
      catchup: false,
    });
    expect(await channelAccess(db, cinema, user, NOW, viewer('11.0.0.1'))).toEqual({
      live: true,
      catchup: true,
    });
    db.close();
  });
});
