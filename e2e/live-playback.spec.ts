import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { newAccount, rechargeCode } from './accounts.ts';
import { operator, repoRoot } from './operator.ts';
import { livePlayer, openLiveTv, playsOn } from './livePlayer.ts';
import { logIn, SUBSCRIBER } from './session.ts';
import { shot } from './screens.ts';
import { settled } from './settled.ts';

// Issue 14 journeys of the live player on /liveTv: a recharge unlocks the channel being watched (14.3),
// a zero-trust block stops playback and personal calls (14.6), channel up/down with the arrow keys.

const player = livePlayer;
const open = openLiveTv;
const rows = (page: Page) => page.locator('[data-playback][data-locked]');

/** The live streams whose segments the page fetched, in order (`fallback` is the no-authority clip). */
function streamLog(page: Page) {
  const log: string[] = [];
  page.on('request', (r) => {
    const m = /\/media\/live\/([^/]+)\/[^/]+\/\d+(?:\.\d+)?\.m4s/.exec(r.url());
    if (m?.[1]) log.push(m[1]);
  });
  return log;
}

test('a recharge plays the locked channel being watched with authority at once, without a reload', async ({
  page,
}) => {
  await newAccount(page.request); // a viewer with the basic trial: sports channels are locked
  const code = rechargeCode('plan-sports');
  const streams = streamLog(page);
  await open(page);
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  await page.getByRole('tab', { name: 'Sports' }).click();
  await page.getByRole('button', { name: /^World Sports/ }).click();
  await expect(player(page)).toHaveAttribute('aria-label', /World Sports/);
  await expect(player(page)).toHaveAttribute('data-locked', 'true');
  await expect.poll(() => streams.at(-1), { timeout: 30_000 }).toBe('fallback');
  await shot(page, 'recharge-locked-1280');

  await page.getByRole('dialog').getByRole('button', { name: 'Purchase' }).click();
  const purchase = page.getByRole('dialog', { name: 'Purchase' });
  await purchase.getByPlaceholder('Enter the 16-digit recharge code').fill(code);
  await purchase.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('recharge-success')).toBeVisible();
  const atRecharge = streams.length;

  // The same channel plays its real stream, with authority, at once.
  await expect(player(page)).toHaveAttribute('data-locked', 'false');
  await expect(player(page)).toHaveAttribute('aria-label', /World Sports/);
  await expect
    .poll(() => streams.slice(atRecharge).filter((s) => s !== 'fallback').length, { timeout: 30_000 })
    .toBeGreaterThan(1);
  await expect(
    player(page).getByRole('status').filter({ hasText: 'You do not have access to this channel' }),
  ).toHaveCount(0);
  await playsOn(page);
  expect(streams.at(-1)).not.toBe('fallback');
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  await page.keyboard.press('Escape');
  await shot(page, 'recharge-unlocked-1280');
});

test.describe('zero-trust block (spec §1)', () => {
  test.beforeAll(() => {
    const file = join(repoRoot, '.data', 'e2e-manifest-block.json');
    const manifest = { version: 1, operatorName: 'Blocked Co', apiBaseUrl: '', mediaBaseUrl: '' };
    writeFileSync(file, JSON.stringify(manifest));
    operator('zero-trust', 'seal', file, '--required');
  });
  test.afterAll(() => {
    operator('zero-trust', 'clear');
  });

  /** Personal calls of the product: favourites, history, reminders, rights, play URLs, messages, account. */
  const PERSONAL =
    /\/(liveapi|vodapi)\/|\/api\/(?!account\/manifest\/property)|\/media\/(live|dvr|catchup|vod)\//;

  for (const [name, path] of [
    ['without the link', '/liveTv?id=lc-001'],
    ['with a wrong key', `/liveTv?id=lc-001#/shareKey/${'A'.repeat(43)}`],
  ] as const) {
    test(`${name}: nothing plays and nothing personal is fetched`, async ({ browser }) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await logIn(page, SUBSCRIBER);
      const fetched: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (PERSONAL.test(url.pathname)) fetched.push(url.pathname);
      });
      await page.goto(path);
      await expect(page.getByRole('alertdialog')).toBeVisible();
      // The islands hydrate behind the block (as before), yet hold every call.
      await expect(page.locator('[data-live-ready="true"]')).toBeAttached();
      await settled(page);
      expect(fetched).toEqual([]);
      const media = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLMediaElement>('video, audio')].map((m) => ({
          paused: m.paused,
          src: m.currentSrc,
        })),
      );
      expect(media.every((m) => m.paused && m.src === '')).toBe(true);
      await shot(page, `zero-trust-block-${name.replaceAll(' ', '-')}-1280`);
      await context.close();
    });
  }
});

test('↑/↓ change the channel while watching; the focused player keeps them for its volume', async ({
  page,
}) => {
  await logIn(page, SUBSCRIBER);
  await open(page);
  await playsOn(page, 1);
  const first = rows(page).nth(0);
  const second = rows(page).nth(1);
  await expect(first).toHaveAttribute('data-state', 'active');
  const secondName = ((await second.getByRole('button').nth(1).textContent()) ?? '').trim().slice(0, 8);

  await page.getByRole('heading', { name: 'Live TV' }).click(); // focus on the page, not a control
  await page.keyboard.press('ArrowDown');
  await expect(second).toHaveAttribute('data-state', 'active');
  await expect(page).not.toHaveURL(/id=lc-001/);
  await expect(player(page)).toHaveAttribute('aria-label', new RegExp(secondName));
  await playsOn(page, 1);
  await page.keyboard.press('ArrowUp');
  await expect(page).toHaveURL(/id=lc-001/);
  await expect(first).toHaveAttribute('data-state', 'active');

  // A click on a channel row leaves focus on it: the list does not use arrows, so they still zap.
  await second.getByRole('button').nth(1).click();
  await expect(second).toHaveAttribute('data-state', 'active');
  await page.keyboard.press('ArrowUp');
  await expect(first).toHaveAttribute('data-state', 'active');

  // In the focused player ↑/↓ are its volume (spec keyboard map), not channels.
  await player(page).focus();
  await page.keyboard.press('ArrowDown');
  await expect
    .poll(() =>
      player(page)
        .locator('video')
        .evaluate((v: HTMLVideoElement) => v.volume),
    )
    .toBeCloseTo(0.9);
  await expect(page).toHaveURL(/id=lc-001/);
});
