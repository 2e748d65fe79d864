import { routes } from '../packages/api-client/src/routes.generated.ts';
import { expect, type Page } from '@playwright/test';

/** The seeded demo accounts (packages/server README). */
export const SUBSCRIBER = 'demo@ottkit.test';
export const NO_RIGHTS = 'free@ottkit.test';
export const PASSWORD = 'demo1234';
/** Spec §4: a programme reminder is due this long before the programme starts. */
export const REMINDER_LEAD_MS = 2 * 60_000;

/** One API call with the page's session; fails the test unless the envelope says success. */
export async function api<T>(page: Page, path: string, data: object): Promise<T> {
  const res = await page.request.post(path, { data });
  const body = (await res.json()) as { errCode: number; errMsg: string; data: T };
  expect(body.errCode, `${path}: ${body.errMsg}`).toBe(0);
  return body.data;
}

/** Logs the page's browser context in through the account API (the session cookie is set on the context). */
export async function logIn(page: Page, email = SUBSCRIBER) {
  await api(page, routes.account.login.path, { loginInfo: { email, password: PASSWORD } });
}

type Subscription = { logicalChannelId: string; programId: string };

export async function subscriptions(page: Page): Promise<Subscription[]> {
  return (await api<{ subscribeList: Subscription[] }>(page, routes.live.subscribeList.path, {}))
    .subscribeList;
}

/** Removes every programme subscription of the logged-in user: one left by another journey could fall due first. */
export async function clearSubscriptions(page: Page) {
  const left = await subscriptions(page);
  if (left.length === 0) return;
  await api(page, routes.live.subscribeDelete.path, {
    subscribeDeleteList: left.map(({ logicalChannelId, programId }) => ({ logicalChannelId, programId })),
  });
}

/** The first programme of a channel whose reminder is at least a minute away (so nothing is due at once). */
export async function programmeAhead(page: Page, channelId: string) {
  const { epgList } = await api<{ epgList: { programs: { programId: string; start: number }[] }[] }>(
    page,
    routes.live.epgQuery.path,
    { channelId, futureDays: 1 },
  );
  const now = await page.evaluate(() => Date.now());
  const programme = epgList
    .flatMap((d) => d.programs)
    .filter((p) => p.start - REMINDER_LEAD_MS > now + 60_000)
    .sort((a, b) => a.start - b.start)[0];
  if (!programme) throw new Error(`no programme of ${channelId} far enough ahead in the guide`);
  return programme;
}
