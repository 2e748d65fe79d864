import { routes } from '../packages/api-client/src/routes.generated.ts';
import { expect, test } from '@playwright/test';
import {
  api,
  clearSubscriptions,
  logIn,
  programmeAhead,
  REMINDER_LEAD_MS,
  subscriptions,
} from './session.ts';

// Programme reminders on a page other than /liveTv (spec §4; the layout's ReminderHost, decision 0084).
const CHANNEL = 'lc-001';

test('a reminder shows on /home 2 minutes before the programme, and Watch now opens live TV on its channel', async ({
  page,
}) => {
  await page.clock.install({ time: Date.now() });
  await logIn(page);
  await clearSubscriptions(page);
  const programme = await programmeAhead(page, CHANNEL);
  await api(page, routes.live.subscribeCreate.path, {
    subscribeList: [{ logicalChannelId: CHANNEL, programId: programme.programId }],
  });

  await page.goto('/home');
  await expect(page.locator('html[data-reminders="scheduled"]')).toHaveCount(1);
  const dialog = page.getByRole('dialog', { name: 'Programme reminder' });
  // 1 s before the lead: nothing yet; then let 2 s of timers run.
  const now = await page.evaluate(() => Date.now());
  await page.clock.fastForward(Math.max(0, programme.start - REMINDER_LEAD_MS - now - 1_000));
  await expect(dialog).toHaveCount(0);
  await page.clock.runFor(2_000);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Watch now' }).click();
  await expect(page).toHaveURL(new RegExp(`/liveTv\\?id=${CHANNEL}$`));
  // Watch now removed the subscription.
  expect((await subscriptions(page)).map((s) => s.programId)).not.toContain(programme.programId);
});
