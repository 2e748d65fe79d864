import { join } from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { routes } from '../packages/api-client/src/routes.generated.ts';
import { type RunningCluster, startCluster } from '../packages/server/src/cluster/cluster.ts';
import { PASSWORD, SUBSCRIBER } from './session.ts';
import { E2E_PORT } from './playwright.config.ts';
import { shot } from './screens.ts';

// Issue 19: the product played through the nginx edge in front of 3 ottkit processes (Redis, nginx and the
// processes started here on the journey's upstream ports, E2E + 280 …, and stopped after).
const E2E = E2E_PORT;
const root = join(import.meta.dirname, '..');
let c: RunningCluster;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  c = await startCluster({
    dir: join(root, '.data', 'e2e-cluster'),
    port: E2E + 280,
    redisPort: E2E + 290,
    site: join(root, 'site', 'dist', 'server', 'entry.mjs'),
    env: { OTTKIT_MEDIA_PROFILE: 'tiny' },
    log: () => {},
  });
});
test.afterAll(async () => {
  await c?.stop();
});

/** A subscriber's own browser context, logged in through the edge. */
async function viewer(context: BrowserContext): Promise<Page> {
  const login = await context.request.post(`${c.edgeUrl}${routes.account.login.path}`, {
    data: { loginInfo: { email: SUBSCRIBER, password: PASSWORD } },
  });
  expect((await login.json()).errCode).toBe(0);
  return context.newPage();
}

async function plays(page: Page) {
  await page.goto(`${c.edgeUrl}/liveTv?id=lc-001`);
  await expect(page.locator('[data-live-ready="true"]')).toBeVisible();
  const video = page.locator('section.ottkit-player').first().locator('video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(2);
  expect(await video.evaluate((v: HTMLVideoElement) => v.error?.code ?? null)).toBeNull();
}

test('two subscribers watch a channel through the edge; the second one is served from its cache', async ({
  browser,
}) => {
  const media: { url: string; status: number; cache: string | undefined }[] = [];
  const playlists: Promise<{ token: string | null; body: string }>[] = [];
  const one = await viewer(await browser.newContext());
  await plays(one);
  const twoContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const two = await viewer(twoContext);
  two.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/media/live/')) {
      media.push({ url: r.url(), status: r.status(), cache: r.headers()['x-cache'] });
      if (r.url().includes('.m3u8')) {
        playlists.push(
          r.text().then((body) => ({ token: new URL(r.url()).searchParams.get('token'), body })),
        );
      }
    }
  });
  await plays(two);
  await shot(one, 'edge-cluster-1280');
  await shot(two, 'edge-cluster-360');
  // Every media answer came through the edge and was good; segments the first viewer fetched were cache hits.
  expect(media.length).toBeGreaterThan(3);
  for (const m of media) expect(m.status).toBe(200);
  expect(media.some((m) => /\.m4s\?/.test(m.url) && m.cache === 'HIT')).toBe(true);
  // The playlists (shared in the cache) name the viewer's own token in their URIs, never the edge's placeholder.
  const bodies = await Promise.all(playlists);
  expect(bodies.length).toBeGreaterThan(1);
  for (const p of bodies) {
    expect(p.body).toContain(`?token=${p.token}`);
    expect(p.body).not.toContain('OTTKIT_EDGE_TOKEN');
  }
});
