import type { Channel } from '@ottkit/api-client';
import { describe, expect, it } from 'vitest';
import { auAllows, rightsByChannel, withRights } from './authority.ts';

const NOW = Date.UTC(2026, 5, 1);

describe('auAllows (spec §4 channel access)', () => {
  it('allows exp -1 whatever sup says', () => {
    expect(auAllows([{ k: 'live', exp: -1, sup: 0 }], 'live', NOW)).toBe(true);
  });
  it('allows a future exp only with sup 1', () => {
    expect(auAllows([{ k: 'live', exp: NOW + 1, sup: 1 }], 'live', NOW)).toBe(true);
    expect(auAllows([{ k: 'live', exp: NOW + 1, sup: 0 }], 'live', NOW)).toBe(false);
  });
  it('refuses exp 0 and a past or present exp', () => {
    expect(auAllows([{ k: 'live', exp: 0, sup: 1 }], 'live', NOW)).toBe(false);
    expect(auAllows([{ k: 'live', exp: NOW, sup: 1 }], 'live', NOW)).toBe(false);
    expect(auAllows([{ k: 'live', exp: NOW - 1, sup: 1 }], 'live', NOW)).toBe(false);
  });
  it('judges live and catch-up separately', () => {
    const au = [{ k: 'catchup' as const, exp: -1, sup: 1 as const }];
    expect(auAllows(au, 'live', NOW)).toBe(false);
    expect(auAllows(au, 'catchup', NOW)).toBe(true);
  });
});

describe('rightsByChannel', () => {
  it('grants a right held on any physical channel', () => {
    const rights = rightsByChannel(
      [
        {
          lid: 'lc-1',
          pcList: [
            { cid: 'a', au: [{ k: 'live', exp: 0, sup: 1 }] },
            { cid: 'b', au: [{ k: 'live', exp: NOW + 1000, sup: 1 }] },
          ],
        },
        { lid: 'lc-2', pcList: [] },
      ],
      NOW,
    );
    expect(rights).toEqual({
      'lc-1': { live: true, catchup: false },
      'lc-2': { live: false, catchup: false },
    });
  });
});

describe('withRights', () => {
  const channel = { logicalChannelId: 'lc-1', liveAuthority: true, playBackAuthority: true } as Channel;
  it('keeps the line-up flags until the authority answer is known', () => {
    expect(withRights(channel, null)).toBe(channel);
    expect(withRights(channel, {})).toBe(channel);
  });
  it('lays the answer over the flags', () => {
    expect(withRights(channel, { 'lc-1': { live: false, catchup: true } })).toMatchObject({
      liveAuthority: false,
      playBackAuthority: true,
    });
  });
});
