/**
 * Guide API benchmark (decision 0074): the reference server's two guide sync calls on a large line-up, over HTTP,
 * the way the site's local guide store calls them (`site/src/lib/epgStoreSync.ts`):
 *   - the checksum query (every guide of the line-up, 7 days back, 3 ahead; 1000 epgIds a call, the contract's
 *     limit, so a 10,000-channel line-up is 10 calls a sync, printed per call and per sync);
 *   - EPG query v2 for one day and every guide (up to 1000 epgIds per call, the `lang` header, no
 *     multilingual lists), and the same with `withMultilingual: true`.
 * The line-up is seeded by `packages/server/src/cli.ts bench-lineup` into a temporary folder, then `serve` runs without
 * the site. Each pass asks every day of the window once; the first pass of each kind of call is printed apart (a
 * fresh server process), then median and p95 over the following passes. Calls are sequential; a figure runs
 * from sending the request to the last byte of the answer (the server's time plus the transfer on loopback; the
 * bench's own JSON parsing is not counted).
 *
 * Run: node_modules/.bin/node bench/epg-api.ts [--channels 500] [--port 4631] [--passes 5] [--lang en]
 *        [--data DIR] (a folder `cli.ts bench-lineup` seeded before, kept: a 10,000-channel seed takes minutes)
 * Not part of the tests. Timings depend on the machine's load: the load average is printed with them.
 */
import { routes } from '../packages/api-client/src/routes.generated.ts';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { seedBenchLineup, serveBench } from './benchLineup.ts';

const { values } = parseArgs({
  options: {
    channels: { type: 'string', default: '500' },
    port: { type: 'string', default: '4631' },
    passes: { type: 'string', default: '5' },
    lang: { type: 'string', default: 'en' },
    data: { type: 'string' },
  },
});
const base = `http://127.0.0.1:${values.port}`;

async function call<T>(path: string, body: unknown): Promise<{ ms: number; bytes: number; data: T }> {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: values.lang },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  // Up to the last byte received: parsing 2.7 MB of JSON here is the client's time, not the server's.
  const ms = performance.now() - started;
  const envelope = JSON.parse(text) as { errCode: number; errMsg?: string; data: T };
  if (envelope.errCode !== 0) throw new Error(`${path}: ${envelope.errCode} ${envelope.errMsg}`);
  return { ms, bytes: text.length, data: envelope.data };
}

const CHECKSUMS = routes.live.epgChecksumQuery.path;
const EPG_V2 = routes.live.epgQueryV2.path;

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const pick = (xs: number[], q: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;
const summary = (xs: number[]) => ({
  calls: xs.length,
  medianMs: Math.round(pick(xs, 0.5)),
  p95Ms: Math.round(pick(xs, 0.95)),
});

const dataDir = values.data ?? seedBenchLineup(values.channels, 'ottkit-bench-epg-');
const server = await serveBench(dataDir, values.port);
try {
  // The checksum query without epgIdList answers for the whole line-up: it also gives the epgIds and days.
  const first = await call<{ checksumList: { epgId: string; date: string }[] }>(CHECKSUMS, {});
  const epgIds = [...new Set(first.data.checksumList.map((c) => c.epgId))];
  const days = [...new Set(first.data.checksumList.map((c) => c.date))].sort();
  const today = days[7] as string;
  const batches: string[][] = [];
  for (let i = 0; i < epgIds.length; i += 1000) batches.push(epgIds.slice(i, i + 1000));

  // The checksum query, then each kind of day call (the site's: no multilingual lists; and with them) on its
  // own: a first pass over the window, then the later passes, as repeated syncs of one kind would ask.
  const checksums: number[] = [];
  const checksumSyncs: number[] = [];
  const passes = Number(values.passes);
  for (let pass = 0; pass < passes; pass++) {
    let sync = 0;
    for (const batch of batches) {
      const c = await call(CHECKSUMS, { date: today, epgIdList: batch, pastDays: 7, futureDays: 3 });
      checksums.push(c.ms);
      sync += c.ms;
    }
    checksumSyncs.push(sync);
  }
  const sweep = async (withMultilingual: boolean) => {
    const first: number[] = [];
    const later: number[] = [];
    let largest = 0;
    for (let pass = 0; pass <= passes; pass++) {
      for (const date of days) {
        for (const batch of batches) {
          const r = await call(EPG_V2, {
            date,
            epgIdList: batch,
            ...(withMultilingual ? { withMultilingual } : {}),
          });
          (pass === 0 ? first : later).push(r.ms);
          largest = Math.max(largest, r.bytes);
        }
      }
    }
    return {
      largestAnswerKB: Math.round(largest / 1024),
      firstPass: summary(first),
      laterPasses: summary(later),
    };
  };
  const day = await sweep(false);
  const dayMultilingual = await sweep(true);
  const result = {
    channels: Number(values.channels),
    guides: epgIds.length,
    days: days.length,
    passes,
    loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
    checksums: { firstCallMs: Math.round(first.ms), ...summary(checksums), perSync: summary(checksumSyncs) },
    day,
    dayMultilingual,
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  server.kill();
  if (!values.data) rmSync(dataDir, { recursive: true, force: true });
}
