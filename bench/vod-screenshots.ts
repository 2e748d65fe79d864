// Screenshots of the VOD pages at desktop (1280) and phone (375) widths, for a look by eye.
// Usage: node bench/vod-screenshots.ts [baseUrl=http://127.0.0.1:4531] [outDir=/tmp/vodshots] [paths] [widths=1280,375]
// Never part of the test run.
import { routes } from '../packages/api-client/src/routes.generated.ts';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium.ts';

const base = process.argv[2] ?? 'http://127.0.0.1:4531';
const out = process.argv[3] ?? '/tmp/vodshots';
const pages = (process.argv[4] ?? '/home,/vod/type/movie,/search?keyword=night,/favorites,/history')
  .split(',')
  .filter(Boolean);

const browser = await chromium.launch(chromiumLaunchOptions());
const widths = (process.argv[5] ?? '1280,375').split(',').map(Number);
for (const width of widths) {
  const phone = width < 768;
  const context = await browser.newContext({ viewport: { width, height: phone ? 812 : 900 } });
  const res = await context.request.post(`${base}${routes.account.login.path}`, {
    data: { loginInfo: { email: 'demo@ottkit.test', password: 'demo1234' } },
  });
  if (!res.ok()) console.warn('login failed', res.status(), await res.text());
  const page = await context.newPage();
  for (const path of pages) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const name = `${path.replace(/[^a-z0-9]+/gi, '_')}-${width}.png`;
    await page.screenshot({ path: `${out}/${name}`, fullPage: !phone });
    console.log(name);
  }
  await context.close();
}
await browser.close();
