import { routes } from '../packages/api-client/src/routes.generated.ts';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { operator } from './operator.ts';
import { api, logIn, SUBSCRIBER } from './session.ts';

// Issue 14.8: favourite and watched channels on /favorites and /history, channel search; as the seeded
// subscriber (packages/server README) sees them.

interface Channel {
  logicalChannelId: string;
  logicalChannelName: string;
  channelSeq: number;
}

/** The subscriber's line-up, by number. */
async function lineup(page: Page): Promise<Channel[]> {
  const { channelListInfo } = await api<{ channelListInfo: Channel[] }>(
    page,
    routes.live.channelList.path,
    {},
  );
  return [...channelListInfo].sort((a, b) => a.channelSeq - b.channelSeq);
}

/** Waits until the video in `scope` plays and its clock moves by 2 s of media time. */
async function expectPlaying(scope: Locator | Page) {
  const video = scope.locator('video');
  await expect(video).toBeVisible();
  const time = () => video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(time, { timeout: 30_000 }).toBeGreaterThan(0);
  const start = await time();
  await expect.poll(time, { timeout: 30_000 }).toBeGreaterThanOrEqual(start + 2);
}

test('a channel favourited on /liveTv is listed on /favorites and plays from there', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page);
  const channel = (await lineup(page))[3];
  if (!channel) throw new Error('need four channels');
  await page.goto(`/liveTv?id=${channel.logicalChannelId}`);
  await expect(page.locator('[data-live-ready="true"]')).toBeVisible();
  await page.getByRole('button', { name: `Favorite ${channel.logicalChannelName}` }).click();
  await expect(
    page.getByRole('button', { name: `Remove ${channel.logicalChannelName} from favorites` }),
  ).toBeVisible();

  await page.goto('/favorites');
  const favourites = page.getByRole('list', { name: 'Favorite channels' });
  const link = favourites.getByRole('link', {
    name: `${channel.channelSeq} · ${channel.logicalChannelName}`,
  });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/liveTv\\?id=${channel.logicalChannelId}$`));
  await expect(page.locator('[data-live-ready="true"]')).toBeVisible();
  await expectPlaying(page);

  // Unfavourited on /liveTv, it leaves /favorites.
  await page.getByRole('button', { name: `Remove ${channel.logicalChannelName} from favorites` }).click();
  await expect(page.getByRole('button', { name: `Favorite ${channel.logicalChannelName}` })).toBeVisible();
  await page.goto('/favorites');
  await expect(page.getByText(/No favorite channels yet/)).toBeVisible();
});

test('a watched channel is listed on /history and Delete removes it for good', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page);
  const channel = (await lineup(page))[4];
  if (!channel) throw new Error('need five channels');
  await page.goto(`/liveTv?id=${channel.logicalChannelId}`);
  await expect(page.locator('[data-live-ready="true"]')).toBeVisible();
  await expectPlaying(page);

  await page.goto('/history');
  const watched = page.getByRole('list', { name: 'Watched channels' });
  await expect(watched.getByRole('link', { name: channel.logicalChannelName })).toBeVisible();
  // Delete is handled once the island is interactive.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await watched.getByRole('button', { name: `Delete ${channel.logicalChannelName} from history` }).click();
  await expect(page.getByRole('link', { name: channel.logicalChannelName })).toHaveCount(0);
  const { playHistoryList } = await api<{ playHistoryList: { logicalChannelId: string }[] }>(
    page,
    routes.live.playHistoryList.path,
    {},
  );
  expect(playHistoryList.map((h) => h.logicalChannelId)).not.toContain(channel.logicalChannelId);
  await page.reload();
  await expect(page.getByRole('link', { name: channel.logicalChannelName })).toHaveCount(0);
});

test('search finds a channel by its name and opens it', async ({ page }) => {
  const channel = (await lineup(page))[2];
  if (!channel) throw new Error('need three channels');
  await page.goto('/search');
  const box = page.getByRole('combobox', { name: 'Search channels, titles, people or genres' });
  await box.fill(channel.logicalChannelName.toLowerCase());
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?keyword=/);
  const channels = page.getByRole('list', { name: 'Channels' });
  const link = channels.getByRole('link', { name: `${channel.channelSeq} · ${channel.logicalChannelName}` });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/liveTv\\?id=${channel.logicalChannelId}$`));
});

test('a guest sees a login prompt for favourite and watched channels', async ({ page }) => {
  await page.goto('/history');
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Watched channels' }) });
  await expect(section.getByRole('link', { name: 'Log in' })).toHaveAttribute(
    'href',
    '/login?redirect=%2Fhistory',
  );
});

test('search suggests channels and titles while typing; arrows choose, Enter opens or searches', async ({
  page,
}) => {
  const channel = (await lineup(page))[5];
  if (!channel) throw new Error('need six channels');
  await page.goto('/search');
  await expect(page.locator('astro-island[component-url*="SearchBox"]:not([ssr])')).toHaveCount(1);
  const box = page.getByRole('combobox', { name: 'Search channels, titles, people or genres' });
  const typed = channel.logicalChannelName.slice(0, 5).toLowerCase();
  await box.pressSequentially(typed, { delay: 40 });
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  const option = list.getByRole('option', {
    name: `Channel ${channel.channelSeq} · ${channel.logicalChannelName}`,
  });
  await expect(option).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('status')).toContainText('suggestions');

  const options = list.getByRole('option');
  const index = (await options.allTextContents()).findIndex((t) => t.includes(channel.logicalChannelName));
  // Escape closes the list; the arrows open it again and move through the options.
  await box.press('Escape');
  await expect(list).toBeHidden();
  for (let i = 0; i <= index; i++) await box.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? '');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/liveTv\\?id=${channel.logicalChannelId}$`));

  // Enter with no suggestion chosen runs the search for what was typed.
  await page.goto('/search');
  await expect(page.locator('astro-island[component-url*="SearchBox"]:not([ssr])')).toHaveCount(1);
  await box.pressSequentially('the', { delay: 40 });
  await expect(list.getByRole('option').filter({ hasText: 'Title' }).first()).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?keyword=the$/);
  await expect(page.getByRole('list', { name: /Results for/ })).toBeVisible();
});

test('a notification\'s "Mark as read" and "Delete" stand apart, at phone and desktop widths', async ({
  page,
}) => {
  operator(
    'notice',
    'notify',
    '--email',
    SUBSCRIBER,
    '--title',
    'Apart',
    '--msg',
    'Two actions, two targets.',
  );
  await logIn(page);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/my/notifications');
    const item = page.getByRole('listitem').filter({ hasText: 'Two actions, two targets.' }).first();
    const read = item.getByRole('button', { name: 'Mark as read' });
    const remove = item.getByRole('button', { name: 'Delete' });
    await expect(read).toBeVisible();
    const a = await read.boundingBox();
    const b = await remove.boundingBox();
    if (!a || !b) throw new Error('no boxes');
    // Side by side with a clear gap, or one under the other; never touching. Each is a full touch target.
    const apart = b.x >= a.x + a.width + 16 || b.y >= a.y + a.height + 8;
    expect(apart, `Mark as read ${JSON.stringify(a)}, Delete ${JSON.stringify(b)}`).toBe(true);
    expect(Math.min(a.height, b.height)).toBeGreaterThanOrEqual(44);
  }
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Two actions, two targets.' })
    .first()
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Two actions, two targets.')).toHaveCount(0);
});

test.describe('a live-only operator (issue 14.8: the personal pages were empty)', () => {
  test.afterEach(() => {
    operator('config', 'set', 'businessType', 'liveAndVod');
  });

  test('favourites, history and search show channels, and nothing of VOD', async ({ page }) => {
    operator('config', 'set', 'businessType', 'live');
    await logIn(page);
    const [channel] = await lineup(page);
    if (!channel) throw new Error('no channel');
    await api(page, routes.live.favoriteCreate.path, {
      favoriteChannelList: [{ logicalChannelId: channel.logicalChannelId, updateTime: Date.now() }],
    });
    await page.goto('/favorites');
    await expect(page.getByRole('heading', { name: 'Favorite titles' })).toHaveCount(0);
    const name = `${channel.channelSeq} · ${channel.logicalChannelName}`;
    await expect(
      page.getByRole('list', { name: 'Favorite channels' }).getByRole('link', { name }),
    ).toBeVisible();
    await api(page, routes.live.favoriteDelete.path, {
      favoriteChannelDeleteList: [channel.logicalChannelId],
    });

    await page.goto('/history');
    await expect(page.getByRole('heading', { name: 'Watched titles' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Watched channels' })).toBeVisible();

    await page.goto(`/search?keyword=${encodeURIComponent(channel.logicalChannelName)}`);
    await expect(page.getByRole('combobox', { name: 'Search channels by name or number' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Channels' }).getByRole('link', { name })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Results for/ })).toHaveCount(0);
    // Top searches of a live-only operator: its most watched channels.
    await expect(page.getByRole('heading', { name: 'Popular channels' })).toBeVisible();
  });
});
