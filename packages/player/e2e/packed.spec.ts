import type { Server } from 'node:http';
import { expect, type Page, test } from '@playwright/test';
import { packAndUnpack, serveFolder } from './packed.ts';
import { advances, look, visibleOverlays } from './page.ts';

// Issue #14.2: the packed package (`pnpm pack`, unpacked), its plain HTML example served from one origin, playing
// a stream from another origin (the fixture origin) as its own text tells partners to. Every overlay stays
// hidden while it plays, and each one shows only in its own state. Build the package first
// (`npx -y pnpm@10.34.8 --filter @ottkit/player run build`): packing takes `dist/` as it is.

let page0: { origin: string; server: Server };
let unpacked: ReturnType<typeof packAndUnpack>;
/** The stream's origin: the fixture origin of playwright.config.ts, not the page's. */
let streamOrigin = '';

test.beforeAll(async () => {
  unpacked = packAndUnpack();
  page0 = await serveFolder(unpacked.dir);
});
test.afterAll(() => {
  page0?.server.close();
  unpacked?.remove();
});
test.beforeEach(({ baseURL }) => {
  streamOrigin = baseURL ?? '';
  expect(new URL(streamOrigin).origin).not.toBe(page0.origin);
});

/** Opens the packed example playing `path` of the stream origin; fails on page errors and CSP refusals. */
async function openExample(page: Page, path = '/live.m3u8', query = '') {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
  });
  await page.goto(
    `${page0.origin}/examples/plain.html?src=${encodeURIComponent(streamOrigin + path)}${query}`,
  );
  return problems;
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the packed element plays a stream of another origin with no overlay showing', async ({ page }) => {
  const problems = await openExample(page);
  await expect.poll(async () => (await look(page)).state, { timeout: 60_000 }).toBe('playing');
  await advances(page, 2);
  expect(await visibleOverlays(page)).toEqual([]);
  // Nothing covers the picture: the middle of the stage is the video itself.
  const onTop = await page.evaluate(() => {
    const r = document.querySelector('ottkit-player video')?.getBoundingClientRect();
    if (!r) return null;
    return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.tagName;
  });
  expect(onTop).toBe('VIDEO');
  expect((await look(page)).error).toBeNull();
  expect(problems).toEqual([]);
  await shoot(page, 'playing');
  // On a 360 px phone every control stays on screen.
  await page.setViewportSize({ width: 360, height: 740 });
  const outside = await page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        'ottkit-player button, ottkit-player select, ottkit-player [role="slider"]',
      ),
    ]
      .filter((c) => c.checkVisibility())
      .filter((c) => {
        const r = c.getBoundingClientRect();
        return r.left < 0 || r.right > window.innerWidth;
      })
      .map((c) => c.getAttribute('aria-label') ?? c.textContent),
  );
  expect(outside).toEqual([]);
});

test('no live authority: the fallback clip plays behind the lock, and only the lock shows', async ({
  page,
}) => {
  await openExample(page);
  await expect.poll(async () => (await look(page)).state, { timeout: 60_000 }).toBe('playing');
  await page.evaluate((fallback) => {
    const el = document.querySelector('ottkit-player');
    el?.setAttribute('fallback-src', fallback);
    el?.setAttribute('authority', 'false');
  }, `${streamOrigin}/vod.m3u8`);
  await expect(page.locator('.ottkit-lock')).toBeVisible();
  await advances(page, 1);
  expect(await visibleOverlays(page)).toEqual(['lock']);
  await shoot(page, 'no-authority');
  await page.evaluate(() => document.querySelector('ottkit-player')?.setAttribute('authority', 'true'));
  await expect(page.locator('.ottkit-lock')).toBeHidden();
  await expect.poll(async () => (await look(page)).state, { timeout: 60_000 }).toBe('playing');
  expect(await visibleOverlays(page)).toEqual([]);
});

test('the programme ran out in time-shift: only the back-to-live prompt shows; OK goes back to live', async ({
  page,
}) => {
  await openExample(page);
  await expect.poll(async () => (await look(page)).state, { timeout: 60_000 }).toBe('playing');
  await expect
    .poll(() => page.evaluate(() => document.querySelector('ottkit-player')?.core.getState().bar?.enabled))
    .toBe(true);
  // A programme that ended 100 s ago; watching from 110 s back runs past its end within seconds.
  const did = await page.evaluate(() => {
    const el = document.querySelector('ottkit-player');
    if (!el) return null;
    el.programme = { title: 'World Report', start: Date.now() - 600_000, stop: Date.now() - 100_000 };
    return el.core.seekBar(Date.now() - 112_000);
  });
  expect(did).toBe('timeshift');
  expect(await visibleOverlays(page)).not.toContain('confirm');
  const prompt = page.getByRole('alertdialog');
  await expect(prompt).toBeVisible({ timeout: 60_000 });
  expect(await visibleOverlays(page)).toEqual(['confirm']);
  await shoot(page, 'programme-ended');
  await prompt.getByRole('button', { name: 'OK' }).click();
  await expect(prompt).toBeHidden();
  await expect.poll(async () => (await look(page)).mode).toBe('live');
  await advances(page, 1);
  expect(await visibleOverlays(page)).toEqual([]);
});

test('a stream that cannot load: only the error shows, and Retry plays once the origin is back', async ({
  page,
  request,
}) => {
  // The stream origin goes away before the page asks for the stream (connection closed unanswered).
  await request.get('/__fault?cutMs=60000');
  try {
    await openExample(page);
    const error = page.getByRole('alert');
    await expect(error).toBeVisible({ timeout: 60_000 });
    await expect(error.getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(await visibleOverlays(page)).toEqual(['error']);
    await shoot(page, 'error');
  } finally {
    await request.get('/__fault');
  }
  await page.getByRole('alert').getByRole('button', { name: 'Retry' }).click();
  await expect.poll(async () => (await look(page)).state, { timeout: 60_000 }).toBe('playing');
  await advances(page, 1);
  expect(await visibleOverlays(page)).toEqual([]);
});
