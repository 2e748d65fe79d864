import { routes } from '../packages/api-client/src/routes.generated.ts';
import { expect, test } from '@playwright/test';
import { operator } from './operator.ts';
import { api } from './session.ts';

// Issue 21.1: the sandbox member site exists only because the e2e server turns it on
// (OTTKIT_MEMBER_SITE_SANDBOX=on in playwright.config.ts); there it sells a plan to the viewer's own account.
const PASSWORD = 'secret123';

async function registerNewUser(page: import('@playwright/test').Page) {
  const email = `e2e-member-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const { authenticationKey } = await api<{ authenticationKey: string }>(
    page,
    routes.account.verification.path,
    {
      email,
      purpose: 'register',
    },
  );
  const code = [...operator('outbox', '--to', email).matchAll(/code is (\d{4})\./g)].at(-1)?.[1];
  if (!code) throw new Error(`no code for ${email}`);
  return api<{ tokens: { memberSiteToken: string } }>(page, routes.account.register.path, {
    registerInfo: { email, password: PASSWORD, verificationCode: code },
    authenticationKey,
  });
}

test('the sandbox member site sells a plan to the account whose link it was opened with', async ({
  page,
}) => {
  const session = await registerNewUser(page);
  const before = await api<{ subscriptionList: { productId: string }[] }>(
    page,
    routes.account.userInfo.path,
    {},
  );
  expect(before.subscriptionList.map((s) => s.productId)).not.toContain('live-sports');

  await page.goto(
    `/member?memberSiteToken=${encodeURIComponent(session.tokens.memberSiteToken)}&planId=plan-sports`,
  );
  await page.getByRole('button', { name: /^Buy / }).click();
  await expect(page.getByRole('status')).toContainText('Purchased');

  const after = await api<{ subscriptionList: { productId: string }[] }>(
    page,
    routes.account.userInfo.path,
    {},
  );
  expect(after.subscriptionList.map((s) => s.productId)).toContain('live-sports');
});

test('a forged member-site link buys nothing', async ({ page }) => {
  await page.goto('/member?memberSiteToken=forged-token-0123456789abcdef&planId=plan-sports');
  await expect(page.getByRole('alert')).toHaveText(
    'This member-site link has expired. Open it again from the app.',
  );
});
