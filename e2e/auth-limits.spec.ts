import { routes } from '../packages/api-client/src/routes.generated.ts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { operator } from './operator.ts';
import { NO_RIGHTS, PASSWORD, SUBSCRIBER } from './session.ts';
import { shot } from './screens.ts';
import { settled } from './settled.ts';

// Issues #21.4, #21.5 and #21.10 where a person meets them: another site's page signing the browser in,
// the login page sending a signed-in viewer to another site, and sign-up telling who has an account.

/** Another site on another loopback port (OTTKIT_MANUAL_PORT, else any free one): the attacker's pages. */
let attacker: Server;
let attackerUrl = '';
test.beforeAll(async ({ baseURL }) => {
  const target = `${baseURL}${routes.account.login.path}`;
  const guestTarget = `${baseURL}${routes.account.visitorLogin.path}`;
  // text/plain forms post without a CORS preflight; the field name and value add up to a JSON body.
  const form = (action: string, json: string) => {
    const cut = json.length - 2;
    return `<form method="POST" action="${action}" enctype="text/plain">
      <input type="hidden" name='${json.slice(0, cut)}' value='${json.slice(cut)}'>
      <button>Win a prize</button></form>`;
  };
  const login = JSON.stringify({ loginInfo: { email: NO_RIGHTS, password: PASSWORD }, accountId: '' });
  const guest = JSON.stringify({ accountId: '' });
  attacker = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>Prize</title>${form(req.url === '/guest' ? guestTarget : target, req.url === '/guest' ? guest : login)}`,
    );
  });
  await new Promise<void>((resolve) =>
    attacker.listen(Number(process.env.OTTKIT_MANUAL_PORT ?? 0), '127.0.0.1', resolve),
  );
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

test('a form on another site cannot sign the browser into its account (login CSRF)', async ({
  page,
  context,
}) => {
  await page.goto(`${attackerUrl}/`);
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(routes.account.login.path)),
    page.getByRole('button', { name: 'Win a prize' }).click(),
  ]);
  expect(answer.status()).toBe(403);
  expect((await answer.json()).errMsg).toMatch(/must come from the site itself/);
  expect((await context.cookies()).map((c) => c.name)).not.toContain('ottkit_session');
  // Not signed in: /my sends the viewer to login.
  await page.goto('/my');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmy/);
});

test("a form on another site cannot swap a signed-in viewer's session for a guest", async ({ page }) => {
  await page.request.post(routes.account.login.path, {
    data: { loginInfo: { email: SUBSCRIBER, password: PASSWORD } },
  });
  await page.goto(`${attackerUrl}/guest`);
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(routes.account.visitorLogin.path)),
    page.getByRole('button', { name: 'Win a prize' }).click(),
  ]);
  expect(answer.status()).toBe(403);
  await page.goto('/my');
  await expect(page.getByText(SUBSCRIBER)).toBeVisible();
});

test('after login, ?redirect= never leaves the site (open redirect)', async ({ page, baseURL }) => {
  const left: string[] = [];
  await page.route(
    (url) => url.hostname.endsWith('example.com'),
    (route) => {
      left.push(route.request().url());
      return route.abort();
    },
  );
  await page.request.post(routes.account.login.path, {
    data: { loginInfo: { email: SUBSCRIBER, password: PASSWORD } },
  });
  // Where the browser is sent is what counts here, not the home page it lands on: that page is answered empty, so
  // the five landings do not each load and draw it (decision 0404).
  await page.route(/\/home$/, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html>' }),
  );
  for (const target of [
    '%2F%09%2Fexample.com',
    '%2F%0A%2Fexample.com',
    '%2F%0D%2Fexample.com',
    '%2F%2Fexample.com',
    '%2F%5Cexample.com',
  ]) {
    await page.goto(`/login?redirect=${target}`);
    // A signed-in viewer on /login is sent on at once: home, since the target is not this site's.
    await page.waitForURL((url) => url.pathname !== '/login');
    expect(new URL(page.url()).origin, target).toBe(baseURL);
    expect(new URL(page.url()).pathname, target).toBe('/home');
  }
  expect(left).toEqual([]);
  await page.goto('/login?redirect=%2Fmy%2Fplan');
  await page.waitForURL(/\/my\/plan/);
});

test('sign-up with an address that has an account looks like any other; the owner is mailed', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.locator('[data-ready="true"]')).toBeVisible();
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Email or phone number').fill(NO_RIGHTS);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await shot(page, 'auth-signup-known-1280');
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, 'auth-signup-known-360');
  expect(operator('outbox', '--to', NO_RIGHTS)).toMatch(/has an account already/);
});

test('a returning guest gets its guest back; another browser with the same device id does not', async ({
  page,
  browser,
}) => {
  const guestId = async (p: typeof page) => {
    await expect(p.locator('.session-badge[data-state="guest"]')).toBeVisible();
    const res = await p.request.post(routes.account.userInfo.path, { data: {} });
    return ((await res.json()) as { data: { accountId: string } }).data.accountId;
  };
  await page.goto('/home');
  const first = await guestId(page);
  const deviceId = await page.evaluate(() => localStorage.getItem('ottkit_device'));
  expect(deviceId).toBeTruthy();
  // The session ran out (its cookies are gone); the browser still has its device id and the guest's secret.
  await page.context().clearCookies({ name: 'ottkit_session' });
  await page.context().clearCookies({ name: 'ottkit_refresh' });
  await page.reload();
  expect(await guestId(page)).toBe(first);
  // Someone who learnt the device id (a script, a log) puts it in their own browser: a new guest, not this one.
  const other = await browser.newContext();
  await other.addInitScript((id) => localStorage.setItem('ottkit_device', id), deviceId ?? '');
  const stranger = await other.newPage();
  await stranger.goto('/home');
  expect(await guestId(stranger)).not.toBe(first);
  await other.close();
});

// Issue 15 §2: one visitor login, with the device id. On /liveTv the first load asks who the viewer is and the
// player asks for its channel at the same moment; both find no session. Each used to start its own visitor
// login (the player's without the device id): two guests at once, and the guest's secret cookie could name
// the other one than the page kept, so a returning guest was not found again (a flaky journey above).
for (const path of ['/home', '/liveTv']) {
  test(`a first visit to ${path} makes one guest: one visitor login, with the device id`, async ({
    page,
  }) => {
    const logins: unknown[] = [];
    page.on('request', (req) => {
      if (req.url().includes(routes.account.visitorLogin.path)) logins.push(req.postDataJSON());
    });
    await page.goto(path);
    await expect(page.locator('.session-badge[data-state="guest"]')).toBeVisible();
    if (path === '/liveTv') {
      // The player got its signed URL, so its path through "no session" is over too.
      await expect
        .poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), {
          timeout: 30_000,
        })
        .toBeGreaterThan(0);
    } else {
      await settled(page);
    }
    const deviceId = await page.evaluate(() => localStorage.getItem('ottkit_device'));
    expect(logins).toEqual([expect.objectContaining({ deviceId })]);
  });
}
