import { routes } from '../packages/api-client/src/routes.generated.ts';
import { gunzipSync } from 'node:zlib';
import { expect, type Page, type Response, test } from '@playwright/test';

const BATCH = `**${routes.metrics.metricsBatchPost.path}`;

/** Event ids waiting in the page's IndexedDB telemetry queue (never creating the database itself). */
function queuedIds(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await indexedDB.databases()).some((d) => d.name === 'ottkit-telemetry')
      ? new Promise<string[]>((resolve) => {
          const open = indexedDB.open('ottkit-telemetry');
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('events')) {
              db.close();
              return resolve([]);
            }
            const req = db.transaction('events').objectStore('events').getAllKeys();
            req.onsuccess = () => {
              resolve((req.result as string[]).sort());
              db.close();
            };
          };
          open.onerror = () => resolve([]);
        })
      : [],
  );
}

/** The event ids inside a compressed form body (`data=<base64 of gzip(JSON)>`). */
function idsOfBody(body: string): string[] {
  const data = new URLSearchParams(body).get('data') ?? '';
  const json = JSON.parse(gunzipSync(Buffer.from(data, 'base64')).toString('utf8')) as {
    events: { eventId: string }[];
  };
  return json.events.map((e) => e.eventId);
}

test('telemetry queued while the server is unreachable is delivered once when it returns (spec §7)', async ({
  page,
}) => {
  const delivered: string[] = [];
  let duplicates = 0;
  const read = async (res: Response) => {
    if (!res.url().includes(routes.metrics.metricsBatchPost.path) || !res.ok()) return;
    const envelope = (await res.json()) as { errCode: number; data?: { duplicates: number } };
    if (envelope.errCode !== 0) return;
    delivered.push(...idsOfBody(res.request().postData() ?? ''));
    duplicates += envelope.data?.duplicates ?? 0;
  };
  // Each answer's body is read after it arrived: the last ones are waited for before the counts are judged (a
  // read still going when the test ended failed it once).
  const reading = new Set<Promise<void>>();
  const onResponse = (res: Response) => {
    const r = read(res).finally(() => reading.delete(r));
    reading.add(r);
  };
  page.on('response', onResponse);
  await page.route(BATCH, (route) => route.abort('connectionrefused'));

  // Watch one channel, then zap: the first viewing session's play data and stream SLA are emitted.
  await page.goto('/liveTv');
  const rows = page.getByRole('button', { name: /channel/i });
  await rows.nth(0).click();
  const video = page.locator('video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(1);
  await rows.nth(1).click();
  await expect
    .poll(() => queuedIds(page).then((ids) => ids.length), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(2);

  // While the server cannot be reached, sending fails and the events stay queued.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.waitForTimeout(500);
  const queued = await queuedIds(page);
  expect(queued.length).toBeGreaterThanOrEqual(2);
  expect(delivered).toEqual([]);

  // The server is back: the next attempt delivers every queued event, and the queue empties.
  await page.unroute(BATCH);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => queuedIds(page), { timeout: 30_000 }).toEqual([]);
  // The page empties its queue on the server's answer; this test's own reading of that answer (its body, then
  // the request's) may finish a moment later, so it is waited for.
  await expect.poll(() => queued.filter((id) => !delivered.includes(id)), { timeout: 5_000 }).toEqual([]);

  // Once only: the server saw no repeats, and a reload and another attempt send none of them again. (The
  // reload ends the channel's session, whose events go out at once and from the queue too: the server keeps
  // the first copy, by design.)
  expect(new Set(delivered).size).toBe(delivered.length);
  expect(duplicates).toBe(0);
  await page.reload();
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.waitForTimeout(500);
  // No read may start after the last is waited for (one that did was cut off when the test ended, and failed it).
  page.off('response', onResponse);
  await Promise.all(reading);
  for (const id of queued) expect(delivered.filter((d) => d === id)).toHaveLength(1);
});
