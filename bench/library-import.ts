/**
 * A whole film library's metadata brought in from a feed (issue 42, decision 0435; run by hand, never by the tests):
 *
 *   node_modules/.bin/node bench/library-import.ts [--titles 100000] [--baseline 1000]
 *
 * One ottkit server in this process (SQLite, seeded sample data) on a temporary folder. A CSV feed is generated
 * into a file and served on loopback: 90 % films, 10 % episodes of series of 20, people twice the titles (three
 * actors and a director a title), 500 genres, titles and plots in en, es and pt, every video an HLS address (so
 * nothing is transcoded: the issue's "metadata import"). The feed is named a library (published when ready) and
 * imported as the console does (`startLibraryImport`, polled until it ends), first with --baseline titles, then
 * with --titles, each into a fresh server. Printed for each: the import's time, titles a second, and the process's
 * resident memory before and at its peak (sampled every 100 ms). The issue's goal: 100,000 titles in < 5 minutes
 * and < 500 MB.
 */
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createServer } from '../packages/server/src/app.ts';
import { startLibraryImport } from '../packages/server/src/library/importJob.ts';
import { addLibrary } from '../packages/server/src/library/libraries.ts';
import { transcodeTitle } from '../packages/server/src/media/transcode.ts';
import { CLI_ACTOR } from '../packages/server/src/operator/audit.ts';
import { jobNow } from '../packages/server/src/operator/jobs.ts';
import { UPSTREAM_ALLOW_ENV } from '../packages/server/src/upstream/address.ts';

const { values } = parseArgs({
  options: {
    titles: { type: 'string', default: '100000' },
    baseline: { type: 'string', default: '1000' },
  },
});
const SECRET = 'bench-secret-0123456789abcdef0123456789';
const GENRES = 500;
const EPISODES_A_SERIES = 20;
// The feed is served on loopback.
process.env[UPSTREAM_ALLOW_ENV] = '127.0.0.0/8';

const SOUNDS = [
  'ba',
  'ko',
  'ri',
  'se',
  'tu',
  'la',
  'me',
  'no',
  'pi',
  'ga',
  'de',
  'fo',
  'hu',
  'vi',
  'za',
  'ye',
];
/** A made-up word per number, different for every number. */
function word(n: number): string {
  let w = '';
  for (let k = n; ; k = Math.floor(k / SOUNDS.length)) {
    w += SOUNDS[k % SOUNDS.length];
    if (k < SOUNDS.length) break;
  }
  return w.charAt(0).toUpperCase() + w.slice(1);
}
const cell = (s: string) => (/[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);

/** Writes a CSV of `titles` titles to `file`; answers when it is whole. */
async function writeFeed(file: string, titles: number): Promise<void> {
  const out = createWriteStream(file);
  const write = (line: string) =>
    out.write(`${line}\n`) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r()));
  await write(
    'id,type,title,title_es,title_pt,plot,plot_es,plot_pt,year,genres,cast,directors,series,season,episode,media,duration',
  );
  const films = Math.floor(titles * 0.9);
  const person = (i: number, k: number) => `${word(i * 4 + k + 17)} ${word(i * 7 + k * 3 + 101)}`;
  for (let i = 0; i < titles; i++) {
    const episode = i >= films;
    const n = episode ? i - films : i;
    const name = `${word(i + 40)} ${word(i * 3 + 9)}`;
    const row = [
      `t${i}`,
      episode ? 'episode' : 'movie',
      name,
      `El ${name}`,
      `O ${name}`,
      `A story of ${word(i + 5)} and ${word(i + 6)}.`,
      `Una historia de ${word(i + 5)}.`,
      `Uma história de ${word(i + 6)}.`,
      String(1950 + (i % 75)),
      `Genre ${i % GENRES}|Genre ${(i * 7) % GENRES}`,
      [0, 1, 2].map((k) => person(i % (titles / 2), k)).join('|'),
      person(i % (titles / 2), 3),
      episode ? `Series ${word(Math.floor(n / EPISODES_A_SERIES) + 900)}` : '',
      episode ? String(1 + Math.floor((n % EPISODES_A_SERIES) / 10)) : '',
      episode ? String(1 + (n % 10)) : '',
      `https://cdn.example.com/titles/${i}/master.m3u8`,
      String(1800 + (i % 3600)),
    ];
    await write(row.map(cell).join(','));
  }
  await new Promise((r) => out.end(r));
}

async function importOnce(titles: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ottkit-bench-library-'));
  const feed = join(dir, 'feed.csv');
  await writeFeed(feed, titles);
  const http = createHttpServer((_req, res) => res.writeHead(200).end(readFileSync(feed)));
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/feed.csv`;
  const server = createServer({ config: { dataDir: join(dir, 'data'), port: 0, secret: SECRET } });
  try {
    await server.listen();
    const db = server.db;
    const now = Date.now;
    await addLibrary(db, { name: 'Bench', feed: url, publish: true }, [], CLI_ACTOR, now());
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 100);
    const t0 = performance.now();
    const run = { dataDir: join(dir, 'data'), actor: CLI_ACTOR, transcodeTitle, now };
    const job = await startLibraryImport(db, 'Bench', [], run);
    let ended = job;
    for (;;) {
      const j = await jobNow(db, job.jobId);
      if (j && (j.status === 'succeeded' || j.status === 'failed')) {
        ended = j;
        break;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const ms = performance.now() - t0;
    clearInterval(sampler);
    const mb = (b: number) => Math.round(b / 1024 / 1024);
    const published = db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM console_titles WHERE published_at IS NOT NULL AND meta_type IN ('MOVIE', 'EPISODE')",
    );
    console.log(
      `${String(titles).padStart(8)} ${String(Math.round(ms / 1000)).padStart(7)} s ${String(Math.round(titles / (ms / 1000))).padStart(9)} ${String(mb(before)).padStart(9)} MB ${String(mb(peak)).padStart(9)} MB ${String(published?.n ?? 0).padStart(10)}   ${ended.status}: ${ended.message}${ended.error ? ` (${ended.error})` : ''}`,
    );
  } finally {
    await server.close();
    http.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(`load average at start: ${load()}`);
console.log('  titles    time  titles/s       RSS before      peak  published   outcome');
for (const n of [Number(values.baseline), Number(values.titles)]) await importOnce(n);
console.log(`load average at end: ${load()}`);
