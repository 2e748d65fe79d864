import { beforeEach, describe, expect, it, vi } from 'vitest';

// Issue #14: an operator's setting took up to 30 s to show on the site. The default is now to ask each time.
const answers: string[] = [];
vi.mock('./api.ts', () => ({
  serverApi: () => ({
    account: {
      appPropertyQuery: async () => ({ businessType: answers.shift() }),
      manifestProperty: async () => ({ properties: {} }),
    },
  }),
}));

describe('getAppConfig', () => {
  beforeEach(() => {
    delete process.env.OTTKIT_SITE_CONFIG_TTL_MS;
    vi.resetModules();
  });

  it('shows a changed setting on the very next render by default', async () => {
    const { getAppConfig } = await import('./appConfig.ts');
    answers.push('liveAndVod', 'live');
    expect(await getAppConfig(1_000)).toMatchObject({ businessType: 'liveAndVod' });
    expect(await getAppConfig(1_001)).toMatchObject({ businessType: 'live' });
  });

  it('shares one request between renders at the same moment', async () => {
    const { getAppConfig } = await import('./appConfig.ts');
    answers.push('vod', 'live');
    const both = await Promise.all([getAppConfig(5_000), getAppConfig(5_000)]);
    expect(both.map((c) => c?.businessType)).toEqual(['vod', 'vod']);
  });
});
