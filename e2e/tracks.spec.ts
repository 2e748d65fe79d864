import { expect, type Locator, type Page, test } from '@playwright/test';
import { livePlayer, openLiveTv, playsOn } from './livePlayer.ts';
import { logIn } from './session.ts';
import { homeMovie, playMovie } from './vod.ts';
import { shot } from './screens.ts';

// Issue 20 §3 as a viewer meets it: the seeded titles (film) and channel lc-001 (ch1) carry English and
// Spanish audio and subtitles; the player's menus switch them, the choice is remembered for the next item.

/** Records the paths the page fetches from now on. */
function fetched(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (r) => paths.push(new URL(r.url()).pathname));
  return paths;
}

const cue = (player: Locator) => player.locator('.ottkit-cue');

async function switchBoth(page: Page, player: Locator) {
  const paths = fetched(page);
  const audio = player.getByRole('combobox', { name: 'Audio' });
  const subtitles = player.getByRole('combobox', { name: 'Subtitles' });
  // An English page: English audio, subtitles off.
  await expect(audio.locator('option:checked')).toHaveText('English');
  await expect(subtitles.locator('option:checked')).toHaveText('Off');
  await audio.selectOption({ label: 'Español' });
  await expect
    .poll(() => paths.some((p) => /\/audio-es\/\d+(?:\.\d+)?\.m4s$/.test(p)), { timeout: 20_000 })
    .toBe(true);
  await subtitles.selectOption({ label: 'Español' });
  await expect(cue(player)).toHaveText(/^Subtítulos en español \d+:\d\d$/, { timeout: 20_000 });
  await subtitles.selectOption({ label: 'English' });
  await expect(cue(player)).toHaveText(/^English subtitles \d+:\d\d$/, { timeout: 20_000 });
  // Drawn in the picture, above the control bar.
  const [box, controls] = [
    await cue(player).boundingBox(),
    await player.locator('.ottkit-controls').boundingBox(),
  ];
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(controls?.y ?? 0);
}

/** Screenshots at desktop and phone widths with subtitles on and the controls shown. */
async function shootBothWidths(page: Page, player: Locator, name: string) {
  for (const [width, height] of [
    [1280, 800],
    [360, 740],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(cue(player)).toBeVisible({ timeout: 20_000 });
    await shot(page, `${name}-subtitles-${width}`);
  }
}

test('a title: audio and subtitle menus switch, and the choice holds for the next play', async ({ page }) => {
  test.setTimeout(150_000);
  await logIn(page);
  const movie = await homeMovie(page.request);
  const { dialog } = await playMovie(page, movie);
  await switchBoth(page, dialog);
  await shootBothWidths(page, dialog, 'title');
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog).toBeHidden();

  // Played again (from where it stopped): Spanish audio and English subtitles without touching the menus.
  const paths = fetched(page);
  await page
    .getByRole('button', { name: /^(Play|Resume from .*)$/ })
    .first()
    .click();
  const again = page.getByRole('dialog');
  await expect(again.getByRole('combobox', { name: 'Audio' }).locator('option:checked')).toHaveText(
    'Español',
  );
  await expect(cue(again)).toHaveText(/^English subtitles/, { timeout: 20_000 });
  await expect
    .poll(() => paths.some((p) => /\/audio-es\/\d+(?:\.\d+)?\.m4s$/.test(p)), { timeout: 20_000 })
    .toBe(true);
});

test('a live channel: the same menus on /liveTv', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page);
  await openLiveTv(page, '/liveTv?id=lc-001');
  await playsOn(page, 1);
  const player = livePlayer(page);
  await switchBoth(page, player);
  await shootBothWidths(page, player, 'live');
});
