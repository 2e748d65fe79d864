import { expect, type Page, test } from '@playwright/test';
import {
  clearSubscriptions,
  logIn,
  NO_RIGHTS,
  programmeAhead,
  REMINDER_LEAD_MS,
  SUBSCRIBER,
} from './session.ts';

// Journeys of /liveTv (issue 6) against the real product and its seeded demo users (packages/server README).

/** Opens /liveTv and waits until the island is interactive (server-rendered buttons do nothing before). */
async function open(page: Page, query = '?id=lc-001') {
  await page.goto(`/liveTv${query}`);
  await expect(page.locator('[data-live-ready="true"]')).toBeVisible();
}

const row = (page: Page, name: string) =>
  page.locator('[data-playback][data-locked]').filter({ hasText: name });
const player = (page: Page) => page.locator('section.ottkit-player').first();

/** Waits until the video element inside `scope` has played at least `seconds` of media. */
async function playsFor(scope: ReturnType<Page['locator']>, seconds = 1) {
  const video = scope.locator('video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(seconds);
  expect(await video.evaluate((v: HTMLVideoElement) => v.error?.code ?? null)).toBeNull();
}
const guide = (page: Page) => page.getByRole('list', { name: 'Programme guide' });

/** Opens /liveTv, picks yesterday in the guide and plays its first programme back; answers the dialog. */
async function openYesterdaysFirstProgramme(page: Page) {
  await open(page);
  await page.locator('[data-date]').nth(6).click();
  await guide(page)
    .getByRole('button', { name: /^Playback/ })
    .first()
    .click();
  return page.locator('section.ottkit-dialog');
}

test.describe('subscriber', () => {
  test.beforeEach(async ({ page }) => logIn(page, SUBSCRIBER));

  test('plays a channel and zaps to another', async ({ page }) => {
    await open(page);
    await playsFor(player(page));
    await page.getByRole('button', { name: /^Business Today/ }).click();
    await expect(page).toHaveURL(/id=lc-006/);
    await expect(player(page)).toHaveAttribute('aria-label', /Business Today/);
    await playsFor(player(page));
    await expect(player(page)).toHaveAttribute('data-locked', 'false');
  });

  test('plays a past programme from the guide in the catch-up dialog', async ({ page }) => {
    const dialog = await openYesterdaysFirstProgramme(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-label', /OTT News 24/);
    await playsFor(dialog);
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog).toHaveCount(0);
    await playsFor(player(page));
  });

  test('a catch-up programme dragged to its end plays the next programme (auto-next)', async ({ page }) => {
    const dialog = await openYesterdaysFirstProgramme(page);
    await playsFor(dialog);
    // The header names the programme and its times: consecutive programmes may share a title.
    const header = dialog.locator('.ottkit-dialog-title');
    const first = await header.textContent();
    // The viewer drags the progress bar to 3 s before the end, as a person would.
    const bar = dialog.getByRole('slider', { name: 'Progress' });
    const max = Number(await bar.getAttribute('max'));
    expect(max).toBeGreaterThan(600);
    await bar.fill(String(max - 3));
    await expect
      .poll(() => dialog.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime))
      .toBeGreaterThan(max - 10);
    // Spec §4: at its end the catch-up dialog plays the next programme of the day, from its start.
    await expect(header).not.toHaveText(first ?? '', { timeout: 30_000 });
    await expect(dialog).toHaveAttribute('aria-label', /OTT News 24/);
    await expect
      .poll(() => dialog.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), {
        timeout: 30_000,
      })
      .toBeGreaterThan(1);
    expect(await dialog.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThan(60);
  });

  test('changes the guide day: past days offer Playback, today shows what is Playing', async ({ page }) => {
    await open(page);
    await expect(guide(page).getByRole('button', { name: /^Playing/ })).toBeVisible();
    const today = page.getByRole('tab', { name: 'Today' });
    await expect(today).toHaveAttribute('aria-selected', 'true');
    const yesterday = page.locator('[data-date]').nth(6);
    await yesterday.click();
    await expect(yesterday).toHaveAttribute('aria-selected', 'true');
    await expect(guide(page).getByRole('button', { name: /^Playing/ })).toHaveCount(0);
    await expect(
      guide(page)
        .getByRole('button', { name: /^Playback/ })
        .first(),
    ).toBeVisible();
    const last = page.locator('[data-date]').last();
    await last.click();
    await expect(
      guide(page)
        .getByRole('button', { name: /^Subscribe/ })
        .first(),
    ).toBeVisible();
    await expect(guide(page).getByRole('button', { name: /^Playback/ })).toHaveCount(0);
  });

  test('switching language shows the guide in the new language (the stored guide is kept per language)', async ({
    page,
  }) => {
    await open(page);
    // The programme names of the rows (the second text of each row, after its times).
    const titles = (list: ReturnType<typeof guide>) =>
      list.locator('li [data-state] > div > span:last-child');
    await expect(titles(guide(page)).first()).toBeVisible();
    const english = await titles(guide(page)).allInnerTexts();
    await expect(page.locator('header .lang-picker')).toHaveAttribute('data-ready', 'true');
    await page.getByLabel('Language').selectOption('es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    const spanishGuide = page.getByRole('list', { name: 'Guía de programación' });
    await expect(spanishGuide.getByRole('button', { name: /^En emisión/ })).toBeVisible();
    // The same day's programmes, now with their Spanish titles (the English day was already in the store).
    await expect(titles(spanishGuide)).toHaveCount(english.length);
    const spanish = await titles(spanishGuide).allInnerTexts();
    expect(spanish.filter((title, i) => title !== english[i]).length).toBeGreaterThan(english.length / 2);
    await page.getByLabel('Idioma').selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('a favourite survives a reload and is listed under Favorites', async ({ page }) => {
    await open(page);
    const heart = page.getByRole('button', { name: 'Favorite Business Today' });
    await heart.click();
    await expect(page.getByRole('button', { name: 'Remove Business Today from favorites' })).toBeVisible();
    await page.reload();
    await expect(page.locator('[data-live-ready="true"]')).toBeVisible();
    await page.getByRole('tab', { name: 'Favorites' }).click();
    await expect(row(page, 'Business Today')).toBeVisible();
    await page.getByRole('button', { name: 'Remove Business Today from favorites' }).click();
    await expect(row(page, 'Business Today')).toHaveCount(0);
  });

  test('a reminder shows 2 minutes before the programme, under a controlled clock', async ({ page }) => {
    await page.clock.install({ time: Date.now() });
    await clearSubscriptions(page);
    // A programme whose reminder is at least a minute away, subscribed from its row on its day's tab.
    const programme = await programmeAhead(page, 'lc-001');
    const start = programme.start;
    await open(page);
    const day = await page.evaluate((at) => {
      const d = new Date(at);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    }, start);
    await page.locator(`[data-date="${day}"]`).click();
    const created = page.waitForResponse((r) => r.url().includes('/subscribe/create'));
    await guide(page)
      .locator(`li[data-program-id="${programme.programId}"]`)
      .getByRole('button', { name: /^Subscribe(?!d)/ })
      .click();
    expect((await (await created).json()).errCode).toBe(0);
    await expect(
      guide(page)
        .getByRole('button', { name: /^Subscribed/ })
        .first(),
    ).toBeVisible();
    // The channel being watched is excluded, so watch another one.
    await page.getByRole('button', { name: /^Business Today/ }).click();
    await expect(page).toHaveURL(/id=lc-006/);
    const dialog = page.getByRole('dialog', { name: 'Programme reminder' });
    // Jump to 1 s before the lead (2 minutes before the start): nothing yet; then let 2 s of timers run.
    const now = await page.evaluate(() => Date.now());
    await page.clock.fastForward(Math.max(0, start - REMINDER_LEAD_MS - now - 1_000));
    await expect(dialog).toHaveCount(0);
    await page.clock.runFor(2_000);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Watch now' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/id=lc-001/);
  });
});

// The guide's days are the viewer's calendar days, not UTC's. Between them, these two zones have a local date
// other than UTC's at every hour of the day, so one of the two always tells the difference.
for (const timezoneId of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
  test.describe(`a subscriber in ${timezoneId}`, () => {
    test.use({ timezoneId });
    test.beforeEach(async ({ page }) => logIn(page, SUBSCRIBER));

    test('Today is their calendar day, and shows what is Playing', async ({ page }) => {
      await open(page);
      const localDate = await page.evaluate(() => {
        const d = new Date();
        const pad = (n: number) => String(n).padStart(2, '0');
        return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
      });
      const today = page.getByRole('tab', { name: 'Today' });
      await expect(today).toHaveAttribute('data-date', localDate);
      await expect(today).toHaveAttribute('aria-selected', 'true');
      await expect(guide(page).getByRole('button', { name: /^Playing/ })).toBeVisible();
    });
  });
}

test.describe('guest', () => {
  test('favouriting asks to log in with the spec text', async ({ page }) => {
    await open(page);
    await page.getByRole('button', { name: 'Favorite Business Today' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(
      'After logging in, you can explore more video content and get more permissions!',
    );
    await dialog.getByRole('button', { name: 'Login/Sign up' }).click();
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe('viewer without rights', () => {
  test.beforeEach(async ({ page }) => logIn(page, NO_RIGHTS));

  test('sees the lock and is offered a purchase', async ({ page }) => {
    await open(page);
    await page.getByRole('tab', { name: 'Sports' }).click();
    await expect(row(page, 'World Sports').first()).toHaveAttribute('data-locked', 'true');
    await page.getByRole('button', { name: /^World Sports/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Purchase' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    // The fallback clip plays behind the lock.
    await expect(player(page)).toHaveAttribute('data-locked', 'true');
    // The player's own text (i18n/player.ts); the live area's drifted copy said "no permission" (decision 0186).
    await expect(
      player(page).getByRole('status').filter({ hasText: 'You do not have access to this channel' }),
    ).toBeVisible();
    await playsFor(player(page));
  });
});
