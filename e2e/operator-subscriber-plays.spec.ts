import { expect, type Page, test } from '@playwright/test';
import { seriousViolationsHere } from './axe.ts';
import { consoleReady, createOperator, signInOperator } from './console.ts';
import { logIn, SUBSCRIBER } from './session.ts';
import { homeCards, playMovie } from './vod.ts';
import { shot } from './screens.ts';

// Issue 18 §7 (decision 0237): a subscriber plays a movie and a channel on the site; support opens the subscriber
// in the console and sees both in the recent plays, newest first, read-only.

async function shoot(page: Page, name: string) {
  for (const width of [1280, 768, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await shot(page, `${name}-${width}`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('support sees the titles and channels a subscriber just played', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await logIn(page);
  const movie = (await homeCards(page.request)).find((c) => c.metaType === 'MOVIE' && !c.locked);
  if (!movie) throw new Error('no open movie on home');
  const { dialog } = await playMovie(page, movie);
  await dialog.getByRole('button', { name: 'Back' }).click();
  await page.goto('/liveTv?id=lc-001');
  await expect(page.locator('[data-live-ready="true"]')).toBeVisible();

  const desk = await (await browser.newContext()).newPage();
  try {
    await signInOperator(desk, createOperator('support'), '/admin/subscribers');
    await consoleReady(desk);
    await desk.getByLabel('Search by email, phone, name or virtual code').fill(SUBSCRIBER);
    await desk.getByRole('button', { name: 'Search' }).click();
    await desk.getByRole('button', { name: new RegExp(SUBSCRIBER) }).click();
    const plays = desk.getByTestId('subscriber-plays');
    await expect(plays.getByRole('heading', { name: 'Recent plays' })).toBeVisible();
    const lines = plays.getByRole('listitem');
    // Newest first: the channel (opened last), then the movie.
    await expect(lines.nth(0)).toContainText(/Watched .+ live/);
    await expect(plays.getByRole('listitem').filter({ hasText: `Played ${movie.title}` })).toHaveCount(1);
    // Read-only: no action in the plays list.
    await expect(plays.getByRole('button')).toHaveCount(0);
    expect(await seriousViolationsHere(desk, 'subscriber plays')).toEqual([]);
    await shoot(desk, 'console-subscriber-plays');
  } finally {
    await desk.context().close();
  }
});
