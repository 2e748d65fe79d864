import { expect, test } from '@playwright/test';
import { addDays, utcDay } from '../site/src/lib/epgStore.ts';
import { importGuideDay } from './operator.ts';
import { logIn } from './session.ts';

// A programme that crosses midnight is on both days' lists. The server keeps each programme in the UTC day it
// starts on, and a viewer whose day is one UTC day (in UTC: Lisbon, London, Accra in winter) read only that day:
// an imported film from 22:00 to 01:30 was missing from the second day, so just after midnight the programme on
// air was on no list (live-record.spec.ts failed so at 00:05 UTC). The days two and three ahead are used so that
// the journey does not depend on the time it runs at.

const CHANNEL = 'lc-045'; // no other journey imports its guide
const H = 3_600_000;
const CROSSING = 'Late Film Across Midnight';
const MORNING = 'Morning After The Film';

test.use({ timezoneId: 'UTC' });

const importDay = (day: string, programmes: { start: number; stop: number; title: string }[]) =>
  importGuideDay(
    CHANNEL,
    day,
    programmes.map((p) => ({
      start: p.start,
      stop: p.stop,
      texts: [{ lang: 'en', title: p.title, content: '' }],
    })),
  );

test('a programme that crosses midnight is on the lists of both days it airs on', async ({ page }) => {
  const first = addDays(utcDay(Date.now()), 2);
  const second = addDays(first, 1);
  const midnight = Date.parse(`${second}T00:00:00Z`);
  importDay(first, [
    { start: midnight - 24 * H, stop: midnight - 2 * H, title: 'Evening Music' },
    { start: midnight - 2 * H, stop: midnight + 1.5 * H, title: CROSSING },
  ]);
  importDay(second, [{ start: midnight + 1.5 * H, stop: midnight + 24 * H, title: MORNING }]);

  await logIn(page);
  await page.goto(`/liveTv?id=${CHANNEL}`);
  await expect(page.locator('[data-live-ready="true"]')).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Guide day' }).getByRole('tab');
  const list = page.getByRole('list', { name: 'Programme guide' });

  // The days are the last two tabs (today + 2 and + 3).
  await tabs.nth(-2).click();
  await expect(list.locator('li').last()).toContainText(CROSSING);
  await tabs.last().click();
  await expect(list.locator('li').first()).toContainText(CROSSING);
  await expect(list.locator('li').first()).toContainText('10:00 PM');
  await expect(list.locator('li').nth(1)).toContainText(MORNING);
});
