/**
 * The transcode queue beside live viewing (issue 42, decisions 0425 and 0435; run by hand, never by the tests):
 *
 *   node_modules/.bin/node bench/transcode-queue.ts [--films 20] [--seconds 120] [--parallel 2] [--sample 15]
 *     [--profile tiny|full]
 *
 * One ottkit server in this process (SQLite, the --profile media ladder, the sample live channels) on a temporary
 * folder. --films test films of --seconds each are made with ffmpeg and queued at once as a library's transcodes
 * are (`title.transcode` jobs), with the operator's `transcode.parallel` at --parallel. Printed: the queue's time
 * to the last film, the most jobs seen running at once (never more than --parallel), and a viewer's live segment
 * and the channel list (the call every page of the site makes) fetched every 250 ms: p50, p99 and the longest, for --sample seconds with nothing queued (the
 * baseline) and while the queue runs.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { routes } from '../packages/api-client/src/routes.generated.ts';
import { createServer } from '../packages/server/src/app.ts';
import { changeSetting } from '../packages/server/src/domain/appConfig.ts';
import { ffmpegPath } from '../packages/server/src/media/ffmpeg.ts';
import { cachedMedia, MEDIA_CACHE_ENV } from '../packages/server/src/media/prepare.ts';
import { newAssetId } from '../packages/server/src/media/titleAssets.ts';
import { transcodeTitle } from '../packages/server/src/media/transcode.ts';
import { CLI_ACTOR } from '../packages/server/src/operator/audit.ts';
import { jobNow } from '../packages/server/src/operator/jobs.ts';
import { startTranscodeJob } from '../packages/server/src/operator/titleTranscodeJob.ts';
import { createTitle } from '../packages/server/src/operator/titles.ts';
import { createOrigin } from '../packages/server/src/origin/origin.ts';
import { liveUrl } from '../packages/server/src/origin/urls.ts';

const { values } = parseArgs({
  options: {
    films: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '120' },
    parallel: { type: 'string', default: '2' },
    sample: { type: 'string', default: '15' },
    profile: { type: 'string', default: 'tiny' },
  },
});
const films = Number(values.films);
const seconds = Number(values.seconds);
const parallel = Number(values.parallel);
const sampleMs = Number(values.sample) * 1000;
const SECRET = 'bench-secret-0123456789abcdef0123456789';
// The ladder transcodes make: `tiny` (the tests' few small renditions) or `full` (the product's).
const profile = values.profile === 'full' ? 'full' : 'tiny';
process.env.OTTKIT_MEDIA_PROFILE = profile;

const dir = mkdtempSync(join(tmpdir(), 'ottkit-bench-queue-'));
const library = await cachedMedia(process.env[MEDIA_CACHE_ENV] || join(tmpdir(), 'ottkit-media'), profile);
const server = createServer({
  config: { dataDir: join(dir, 'data'), port: 0, secret: SECRET },
  origin: (deps) =>
    createOrigin({ dataDir: deps.config.dataDir, secret: deps.config.secret, library, now: deps.now }),
});

interface Figures {
  p50: number;
  p99: number;
  max: number;
}
const figures = (ms: number[]): Figures => {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0);
  return { p50: at(0.5), p99: at(0.99), max: Math.round(s[s.length - 1] ?? 0) };
};

/** A viewer's reads every 250 ms until `until` says stop: the live segment of the moment, and the channel list. */
async function viewer(base: string, until: () => boolean): Promise<{ live: Figures; list: Figures }> {
  const master = liveUrl(SECRET, { accountId: 'bench', liveStreamId: 'ch1', ttlSec: 3600 });
  const token = master.split('token=')[1];
  const rendition = (await (await fetch(base + master)).text())
    .split('\n')
    .find((l) => l.endsWith(`token=${token}`));
  const playlist = new URL(rendition ?? '', base + master).href;
  const live: number[] = [];
  const list: number[] = [];
  const timed = async (into: number[], url: string, init?: RequestInit) => {
    const t0 = performance.now();
    const res = await fetch(url, init);
    await res.arrayBuffer();
    into.push(performance.now() - t0);
  };
  while (!until()) {
    const text = await (await fetch(playlist)).text();
    const last = text.trim().split('\n').pop() ?? '';
    await timed(live, new URL(last, playlist).href);
    await timed(list, `${base}${routes.live.channelList.path}`, { method: 'POST', body: '{}' });
    await new Promise((r) => setTimeout(r, 250));
  }
  return { live: figures(live), list: figures(list) };
}

try {
  const { url: base } = await server.listen();
  const db = server.db;
  const dataDir = join(dir, 'data');
  changeSetting(db, 'transcode.parallel', String(parallel));
  const made: { file: string; metaId: string }[] = [];
  for (let i = 0; i < films; i++) {
    const file = join(dir, `film-${i}.mp4`);
    execFileSync(ffmpegPath(), [
      ...[
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        `testsrc2=size=640x360:rate=25:d=${seconds}`,
      ],
      ...[
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=${300 + i}:d=${seconds}`,
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
      ],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
    ]);
    const form = {
      vodType: 'movie' as const,
      releaseYear: 2024,
      en: { title: `Queued film ${i}`, plot: '' },
    };
    made.push({ file, metaId: await createTitle(db, form, CLI_ACTOR.id, Date.now()) });
  }
  let stop = false;
  const quiet = viewer(base, () => stop);
  await new Promise((r) => setTimeout(r, sampleMs));
  stop = true;
  const baseline = await quiet;

  const t0 = performance.now();
  const jobs = [];
  for (const f of made) {
    const title = { metaId: f.metaId, name: f.metaId, assetId: null };
    jobs.push(
      await startTranscodeJob(
        db,
        dataDir,
        CLI_ACTOR,
        title,
        { file: f.file },
        newAssetId(),
        Date.now,
        transcodeTitle,
      ),
    );
  }
  let done = false;
  let mostRunning = 0;
  const busy = viewer(base, () => done);
  for (;;) {
    const states = await Promise.all(jobs.map((j) => jobNow(db, j.jobId)));
    mostRunning = Math.max(mostRunning, states.filter((s) => s?.status === 'running').length);
    if (states.every((s) => s?.status === 'succeeded' || s?.status === 'failed')) {
      const failed = states.filter((s) => s?.status === 'failed').length;
      if (failed > 0) console.log(`${failed} transcodes failed: ${states.find((s) => s?.error)?.error}`);
      break;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  done = true;
  const during = await busy;
  const queueSec = Math.round((performance.now() - t0) / 100) / 10;
  const row = (what: string, f: Figures, g: Figures) =>
    console.log(
      `${what.padEnd(16)} ${`${f.p50} / ${f.p99} / ${f.max}`.padEnd(20)} ${g.p50} / ${g.p99} / ${g.max}`,
    );
  console.log(
    `${films} films of ${seconds} s, ${profile} ladder, transcode.parallel ${parallel}: the queue took ${queueSec} s; at most ${mostRunning} ran at once`,
  );
  console.log('ms (p50 / p99 / max)   nothing queued       during the queue');
  row('live segment', baseline.live, during.live);
  row('channel list', baseline.list, during.list);
  console.log(
    `load average: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
