import { routes } from '../packages/api-client/src/routes.generated.ts';
import { expect, type Page, test } from '@playwright/test';
import { newAccount } from './accounts.ts';
import { seriousViolationsHere } from './axe.ts';
import { api } from './session.ts';
import { expectPlaying, homeCards, hydrated } from './vod.ts';

// Issue 20 §2: profiles, a kids profile that does not see or play what is rated above it, and the parental
// PIN that unlocks one play and guards leaving the kids profile. A fresh account, so no other journey's
// login meets a profile picker.
const PIN = '2468';

async function pinDialog(page: Page, pin: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Parental PIN').fill(pin);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  return dialog;
}

test('a kids profile: an adult title is absent from home and search, refused when opened by URL, the PIN unlocks it, and leaving asks for the PIN', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await newAccount(page.request);
  // An open movie rated 18, as the account's first (grown-up) profile sees it on home.
  const adult = (await homeCards(page.request)).find(
    (c) => c.metaType === 'MOVIE' && !c.locked && (c as { ageRating?: string }).ageRating === '18',
  );
  if (!adult) throw new Error('no open movie rated 18 on home');

  // My account: set the parental PIN.
  await page.goto('/my/profiles');
  await hydrated(page);
  await page.getByLabel('New PIN (4 digits)').fill(PIN);
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page.getByRole('status')).toHaveText('The parental PIN is saved.');

  // The picker: add a kids profile (a rating change: the PIN is asked), then pick it.
  await page.goto('/profiles');
  await hydrated(page);
  await page.getByRole('button', { name: 'Manage profiles' }).click();
  await page.getByRole('button', { name: 'Add profile' }).click();
  const form = page.getByRole('form', { name: 'Add profile' });
  await form.getByLabel('Name').fill('Kid');
  await form.getByLabel('Kids profile').check();
  await expect(form.getByLabel('Maximum rating')).toHaveValue('PG');
  expect(await seriousViolationsHere(page, '/profiles (adding a profile)')).toEqual([]);
  await form.getByRole('button', { name: 'Save' }).click();
  await pinDialog(page, PIN);
  await expect(page.getByRole('button', { name: /^Kid/ })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  // By keyboard: the picker's profiles are buttons.
  await page.getByRole('button', { name: /^Kid/ }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL('**/home');

  // Home and search leave the adult title out.
  await expect(page.locator('a[href^="/vod/detail/"]').first()).toBeVisible();
  await expect(page.locator(`a[href="/vod/detail/${adult.metaId}"]`)).toHaveCount(0);
  await page.goto(`/search?keyword=${encodeURIComponent(adult.title)}`);
  await expect(page.locator(`a[href="/vod/detail/${adult.metaId}"]`)).toHaveCount(0);
  // The server refuses its play source to the kids profile.
  const refused = await page.request.post(`${routes.vod.playSource.path}`, {
    data: { metaId: adult.metaId },
  });
  expect((await refused.json()).errCode).toBe(10111005);

  // Opened by URL: Play asks for the PIN; a wrong one is refused, the right one plays it.
  await page.goto(`/vod/detail/${adult.metaId}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  const prompt = page.getByRole('dialog');
  await expect(prompt).toContainText('rated above this profile’s limit');
  await pinDialog(page, '0000');
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Wrong PIN. Try again.');
  await pinDialog(page, PIN);
  await expectPlaying(page.getByRole('dialog').locator('video'));
  await page.keyboard.press('Escape');

  // Leaving the kids profile asks for the PIN.
  await page.goto('/profiles');
  await hydrated(page);
  const grownUp = page.locator('.profiles__pick:not([aria-current])');
  await grownUp.click();
  // The PIN by keyboard: typed, then Enter.
  const leaving = page.getByRole('dialog');
  await expect(leaving).toHaveAccessibleName('Enter the parental PIN');
  await expect(leaving.getByLabel('Parental PIN')).toBeFocused();
  expect(await seriousViolationsHere(page, '/profiles (the PIN prompt)')).toEqual([]);
  await page.keyboard.type(PIN);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/home');
  const info = await api<{ currentProfileId: string; profiles: { profileId: string; kids: boolean }[] }>(
    page,
    routes.account.profileList.path,
    {},
  );
  expect(info.profiles.find((p) => p.profileId === info.currentProfileId)?.kids).toBe(false);
  await page.goto(`/search?keyword=${encodeURIComponent(adult.title)}`);
  await expect(page.locator(`a[href="/vod/detail/${adult.metaId}"]`).first()).toBeAttached();
});
