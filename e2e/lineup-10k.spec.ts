import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { serveFolder, startTestSource, type TestSource } from '../packages/server/test/liveSource.ts';
import { channelList } from '../packages/api-client/src/contract/live.ts';
import { routes } from '../packages/api-client/src/routes.generated.ts';
import { playsOn } from './livePlayer.ts';
import { operatorOn, repoRoot } from './operator.ts';
import { E2E_PORT } from './playwright.config.ts';
import { shot } from './screens.ts';

// Issue 16: a 10,000-channel line-up, imported from a generated M3U with the CLI, on /liveTv: the category's
// channel list stays virtualised (a few rows in the DOM, each telling its place in the whole list), a viewer
// scrolls to a channel far down, opens it, and it plays (a local HLS stream relayed by ottkit's origin).
// The line-up goes into a product of its own (its own data folder and port), so the shared e2e product keeps
// its seeded line-up for the other journeys.

const BASE = E2E_PORT;
const UPSTREAM_PORT = BASE + 288;
const PRODUCT_PORT = BASE + 289;
const CHANNELS = 10_000;
/** The channel that plays: far down the list. */
const FAR = 9_990;
const GROUP = 'Big Line-up';

const dirs: string[] = [];
let upstream: { source: TestSource; http: Server } | undefined;
let product: ChildProcess | undefined;

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** 10,000 channels in one group; only the far one has a stream that answers. */
function writePlaylist(streamUrl: string): string {
  const lines = ['#EXTM3U'];
  for (let i = 1; i <= CHANNELS; i++) {
    const name = i === FAR ? 'Far Harbour' : `Bulk ${i}`;
    lines.push(
      `#EXTINF:-1 tvg-chno="${i}" group-title="${GROUP}",${name}`,
      i === FAR ? streamUrl : `http://127.0.0.1:9/none/${i}.m3u8`,
    );
  }
  const file = join(tempDir('ottkit-e2e-10k-'), 'lineup.m3u8');
  writeFileSync(file, lines.join('\n'));
  return file;
}

function serve(dataDir: string): Promise<ChildProcess> {
  const child = spawn(
    'node_modules/.bin/node',
    ['packages/server/src/cli.ts', 'serve', '--site', 'site/dist/server/entry.mjs'],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(PRODUCT_PORT),
        OTTKIT_DATA_DIR: dataDir,
        OTTKIT_MEDIA_PROFILE: 'tiny',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
      // Its own process group: `node_modules/.bin/node` is a shell wrapper, so killing the child alone would
      // leave the server running (it held the port into the next run).
      detached: true,
    },
  );
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`product exited ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening on')) resolve(child);
    });
  });
}

test.describe.configure({ timeout: 420_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const media = tempDir('ottkit-e2e-10k-upstream-');
  upstream = {
    source: startTestSource({ target: media, format: 'hls', audio: 'aac', label: 'FAR' }),
    http: await serveFolder(media, UPSTREAM_PORT),
  };
  const dataDir = tempDir('ottkit-e2e-10k-data-');
  const m3u = writePlaylist(`http://127.0.0.1:${UPSTREAM_PORT}/index.m3u8`);
  operatorOn(dataDir, 'sources', 'add', 'big', '--m3u', m3u);
  expect(operatorOn(dataDir, 'sources', 'import', 'big')).toMatch(/10000 channels \(10000 added/);
  product = await serve(dataDir);
});

/** Stops the product and everything it started (its whole process group), and waits until it is gone. */
async function stop(child: ChildProcess | undefined) {
  if (!child?.pid || child.exitCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid, 'SIGTERM');
  await gone;
}

test.afterAll(async () => {
  await stop(product);
  await upstream?.source.stop();
  upstream?.http.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

test('a viewer scrolls a 10,000-channel category to a channel far down and plays it', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${PRODUCT_PORT}/liveTv`);
  await expect(page.locator('[data-live-ready="true"]')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('tab', { name: GROUP }).click();
  const list = page.locator(`[data-count="${CHANNELS}"]`);
  await expect(list).toBeVisible();
  // Virtualised: a screenful of rows in the DOM, not 10,000.
  expect(await list.locator('li').count()).toBeLessThan(60);

  // Scroll far down, as a wheel or a scrollbar drag would. The rows drawn are marked first: the far rows come
  // on the same nodes, filled with their own channel (decision 0321), not on new ones.
  const nodes = await list.locator('li').count();
  await list.evaluate((el) => {
    for (const li of el.querySelectorAll('li')) li.dataset.drawnBefore = 'true';
  });
  await list.evaluate((el, row) => {
    el.scrollTop = (row - 3) * 64;
  }, FAR);
  const far = page.getByRole('button', { name: /^Far Harbour/ });
  await expect(far).toBeVisible();
  const item = list.locator('li', { has: far });
  await expect(item).toHaveAttribute('aria-posinset', String(FAR));
  await expect(item).toHaveAttribute('aria-setsize', String(CHANNELS));
  await expect(item).toHaveAttribute('data-drawn-before', 'true');
  const below = list.locator('li[aria-posinset="9991"]');
  await expect(below.getByRole('button', { name: /^Bulk 9991\b/ })).toBeVisible();
  expect(await list.locator('li:not([data-drawn-before])').count()).toBeLessThanOrEqual(
    Math.max(0, (await list.locator('li').count()) - nodes),
  );
  expect(await list.locator('li').count()).toBeLessThan(60);
  await shot(page, 'lineup-10k-desktop');

  // From the keyboard: the row below the far one is a Tab away.
  await far.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveAccessibleName(/Bulk 9991/);

  await far.click();
  await expect(page).toHaveURL(/id=s\d+-9990/);
  await playsOn(page, 3, 90_000);

  await page.setViewportSize({ width: 360, height: 780 });
  await expect(page.locator('[data-live-ready="true"]')).toBeVisible();
  await shot(page, 'lineup-10k-phone');
});

// Decisions 0296, 0297: the page carries a first screenful, not the line-up (10,000 channels were 2.4 MB of
// HTML); the island loads the whole line-up through the channel list call, whose answer the browser keeps with
// its ETag, so a reload revalidates it (304) instead of downloading it again.
test('the page carries a first screenful, and a reload revalidates the kept line-up (304)', async ({
  page,
}) => {
  const base = `http://127.0.0.1:${PRODUCT_PORT}`;
  const html = await (await page.request.get(`${base}/liveTv`)).text();
  expect(html.length).toBeLessThan(300_000);
  // The first screenful is in the HTML (a first paint without scripts).
  expect(html.match(/data-playback=/g)?.length ?? 0).toBeGreaterThan(5);

  const isList = (url: string) => new URL(url).pathname === channelList.path;
  const first = page.waitForResponse((r) => isList(r.url()));
  await page.goto(`${base}/liveTv`);
  expect((await first).status()).toBe(200);
  await expect(page.locator('[data-live-ready="true"]')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('tab', { name: GROUP }).click();
  await expect(page.locator(`[data-count="${CHANNELS}"]`)).toBeVisible();
  // The answer is kept (written after the call answered).
  await page.waitForFunction(
    async () => (await (await caches.open('ottkit-kept-answers')).keys()).length > 0,
  );

  const statuses: number[] = [];
  page.on('response', (r) => {
    if (isList(r.url())) statuses.push(r.status());
  });
  await page.reload();
  await expect(page.locator('[data-live-ready="true"]')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('tab', { name: GROUP }).click();
  await expect(page.locator(`[data-count="${CHANNELS}"]`)).toBeVisible();
  expect(statuses).toContain(304);
  expect(statuses).not.toContain(200);
  await expect(page.getByRole('button', { name: /^Bulk 1\b/ })).toBeVisible();
});

// Decision 0320: the kept channel list is the last viewer's (with their favourites). Signing out, or the
// session ending (its cookies gone, as when it ran out: the next call answers "session invalid"), removes it
// from the browser's Cache Storage.
test('signing out, or the session ending, removes the kept channel list from the browser', async ({
  page,
}) => {
  const base = `http://127.0.0.1:${PRODUCT_PORT}`;
  /** How many answers the page's Cache Storage keeps (0 when the cache is gone). */
  const keptAnswers = () =>
    page.evaluate(async () =>
      (await caches.has('ottkit-kept-answers'))
        ? (await (await caches.open('ottkit-kept-answers')).keys()).length
        : 0,
    );
  const signInAndOpenLineup = async () => {
    const res = await page.request.post(`${base}${routes.account.login.path}`, {
      data: { loginInfo: { email: 'demo@ottkit.test', password: 'demo1234' } },
    });
    expect((await res.json()).errCode).toBe(0);
    await page.goto(`${base}/liveTv`);
    await expect(page.locator('[data-live-ready="true"]')).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('.session-badge[data-state="user"]')).toBeVisible();
    await expect.poll(keptAnswers, { timeout: 60_000 }).toBeGreaterThan(0);
  };

  await signInAndOpenLineup();
  await page.goto(`${base}/my`);
  await expect(page.locator('.my-section[data-ready="true"]').first()).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/home/);
  expect(await keptAnswers()).toBe(0);
  // Home makes the signed-out browser a guest (a visitor login that sets the session cookie): signing in before
  // that answer came let it replace the new session, and the channel page opened as the guest's.
  await expect(page.locator('.session-badge[data-state="guest"]')).toBeVisible();

  await signInAndOpenLineup();
  await page.context().clearCookies({ name: 'ottkit_session' });
  await page.context().clearCookies({ name: 'ottkit_refresh' });
  await page.getByRole('tab', { name: GROUP }).click();
  await page.getByRole('button', { name: 'Favorite Bulk 1', exact: true }).click();
  await expect.poll(keptAnswers, { timeout: 30_000 }).toBe(0);
});
