import { expect, test } from '@playwright/test';
import { newAccount, rechargeCode } from './accounts.ts';
import { shot } from './screens.ts';

// Issue 36: on /my/subscribe a valid code credited the account but the page did not change (the used code stayed
// in the field). Now the page says what was added and until when, empties the field and shows the plan.

for (const width of [1366, 360]) {
  test(`a recharge on /my/subscribe says what it added, clears the code and shows the plan (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 740 });
    await newAccount(page.request);
    const code = rechargeCode('plan-monthly');
    await page.goto('/my/subscribe');
    const input = page.getByPlaceholder('Enter the 16-digit recharge code');
    const confirm = page.getByRole('button', { name: 'Confirm' });
    // Typed once the island has taken the field over (text typed before is issue 36's forms item, not this one).
    await expect(async () => {
      await input.fill(code);
      await expect(confirm).toBeEnabled({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await confirm.click();
    const added = page.getByTestId('recharge-added');
    await expect(added).toContainText(/Code redeemed\. Added: .+\. Your plan now runs until .+\d{4}/);
    await expect(input).toHaveValue('');
    // The plan it extended is listed with its end date.
    await expect(page.locator('.recharge-added tr[data-product]').first()).toBeVisible();
    await shot(page, `viewer-recharge-${width}`, { fullPage: true });
  });
}
