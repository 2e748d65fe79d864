import { expect, type Page, test } from '@playwright/test';

// Programme reminders on a page other than /liveTv (spec §4; the layout's ReminderHost, decision 0084).
const SUBSCRIBER = 'demo@ottkit.test';
const PASSWORD = 'demo1234';
const CHANNEL = 'lc-001';
const LEAD_MS = 2 * 60_000;

async function post<T>(page: Page, path: string, data: object): Promise<T> {
  const res = await page.request.post(path, { data });
  const body = (await res.json()) as { errCode: number; data: T };
  expect(body.errCode, path).toBe(0);
  return body.data;
}

type Subscription = { logicalChannelId: string; programId: string };
const subscriptions = async (page: Page) =>
  (await post<{ subscribeList: Subscription[] }>(page, '/liveapi/api/programs/commercial/subscribe/list', {}))
    .subscribeList;

test('a reminder shows on /home 2 minutes before the programme, and Watch now opens live TV on its channel', async ({
  page,
}) => {
  await page.clock.install({ time: Date.now() });
  await post(page, '/api/account/login/v3', { loginInfo: { email: SUBSCRIBER, password: PASSWORD } });
  // Start clean: a subscription left by another journey could fall due first.
  const left = await subscriptions(page);
  if (left.length > 0)
    await post(page, '/liveapi/api/programs/commercial/subscribe/delete', {
      subscribeDeleteList: left.map((s) => ({
        logicalChannelId: s.logicalChannelId,
        programId: s.programId,
      })),
    });

  // A programme whose reminder is at least a minute away.
  const { epgList } = await post<{ epgList: { programs: { programId: string; start: number }[] }[] }>(
    page,
    '/liveapi/api/programs/commercial/web/epg/query/v1',
    { channelId: CHANNEL, futureDays: 1 },
  );
  const programme = epgList
    .flatMap((d) => d.programs)
    .filter((p) => p.start - LEAD_MS > Date.now() + 60_000)
    .sort((a, b) => a.start - b.start)[0];
  if (!programme) throw new Error('no programme far enough ahead in the guide');
  await post(page, '/liveapi/api/programs/commercial/subscribe/create', {
    subscribeList: [{ logicalChannelId: CHANNEL, programId: programme.programId }],
  });

  await page.goto('/home');
  await expect(page.locator('html[data-reminders="scheduled"]')).toHaveCount(1);
  const dialog = page.getByRole('dialog', { name: 'Programme reminder' });
  // 1 s before the lead: nothing yet; then let 2 s of timers run.
  const now = await page.evaluate(() => Date.now());
  await page.clock.fastForward(Math.max(0, programme.start - LEAD_MS - now - 1_000));
  await expect(dialog).toHaveCount(0);
  await page.clock.runFor(2_000);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Watch now' }).click();
  await expect(page).toHaveURL(new RegExp(`/liveTv\\?id=${CHANNEL}$`));
  // Watch now removed the subscription.
  expect((await subscriptions(page)).map((s) => s.programId)).not.toContain(programme.programId);
});
