/**
 * Scale-out benchmark (issue 19; run by hand, never by the tests):
 *
 *   node bench/scale-out.ts [--viewers 1000,10000] [--seconds 15] [--port 8950]
 *
 * Simulated live viewers with Debian's `wrk` (installed when missing, like the cluster's Redis and nginx): each
 * connection is one viewer that fetches the variant playlist, then the newest segment it lists, one request
 * every half segment (so a playlist per segment duration and each new segment once). Four set-ups, each bounded
 * by --seconds per viewer count: one ottkit process alone (today's path), then nginx + 1, 2 and 3 processes
 * (`startCluster`, media profile tiny). For each it prints requests/s, p50/p99 (ms), errors, and behind the edge
 * the segment hit ratio and the requests per second that reached ottkit, with the load average of the machine
 * (the figures of one run compare with each other, not with another machine's).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureDebian } from '../scripts/debian.mjs';
import { type RunningCluster, startCluster } from '../packages/server/src/cluster/cluster.ts';
import { SEGMENT_SEC } from '../packages/server/src/media/profiles.ts';
import { liveUrl } from '../packages/server/src/origin/urls.ts';

const { values } = parseArgs({
  options: {
    viewers: { type: 'string', default: '1000,10000' },
    seconds: { type: 'string', default: '15' },
    port: { type: 'string', default: '8950' },
  },
});
const viewerSteps = String(values.viewers).split(',').map(Number);
const seconds = Number(values.seconds);
const basePort = Number(values.port);
ensureDebian('wrk', ['wrk'], 'for the scale-out benchmark');

const dir = join(tmpdir(), 'ottkit-bench-scale-out');
const lua = join(dir, 'viewer.lua');

/** One wrk connection = one viewer: playlist, newest segment, each after half a segment's wait. */
function viewerScript(playlist: string, token: string): string {
  const base = playlist.slice(0, playlist.lastIndexOf('/') + 1);
  return `
local playlist = "${playlist}?token=${token}"
local base = "${base}"
local newest = nil
local turn = 0
local started = false
-- Viewers arrive spread over one segment (wrk waits this before every request, the first one too).
function delay()
  if not started then started = true return math.random(0, ${SEGMENT_SEC * 1000}) end
  return ${Math.round((SEGMENT_SEC * 1000) / 2)}
end
function request()
  turn = turn + 1
  if turn % 2 == 1 or newest == nil then return wrk.format("GET", playlist) end
  return wrk.format("GET", base .. newest .. ".m4s?token=${token}")
end
function response(status, headers, body)
  if body and string.find(body, "#EXTM3U", 1, true) then
    for n in string.gmatch(body, "(%d+)%.m4s") do newest = n end
  end
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %d %d %.1f %.1f %d %d %d %d\\n", summary.requests, summary.duration,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, e.connect, e.read + e.write, e.timeout, e.status))
end`;
}

interface Figures {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The errors by kind, printed under a row that has any. */
  kinds: string;
}

function runWrk(url: string, viewers: number): Figures {
  const threads = 2;
  const res = spawnSync(
    'wrk',
    [
      '-t',
      String(threads),
      '-c',
      String(Math.max(viewers, threads)),
      '-d',
      `${seconds}s`,
      '--timeout',
      '5s',
      '-s',
      lua,
      url,
    ],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  const m = /RESULT (\d+) (\d+) ([\d.]+) ([\d.]+) (\d+) (\d+) (\d+) (\d+)/.exec(res.stdout ?? '');
  if (!m) throw new Error(`wrk gave no result: ${res.stderr || res.stdout}`);
  const requests = Number(m[1]);
  const [connect, io, timeout, status] = [m[5], m[6], m[7], m[8]].map(Number) as [
    number,
    number,
    number,
    number,
  ];
  return {
    requests,
    rps: requests / (Number(m[2]) / 1e6),
    p50: Number(m[3]),
    p99: Number(m[4]),
    errors: connect + io + timeout + status,
    kinds: `connect ${connect}, read/write ${io}, timeout ${timeout}, status ${status}`,
  };
}

/** Segment hit ratio and upstream requests/s from the edge log lines written since `from`. */
function edgeFigures(c: RunningCluster, from: number): { hitRatio: number; originRps: number } {
  const lines = readFileSync(c.edgeLog, 'utf8').slice(from).split('\n').filter(Boolean);
  const segs = lines.filter((l) => l.endsWith('.m4s'));
  const hits = segs.filter((l) => l.split(' ')[1] === 'HIT').length;
  const upstream = lines.filter((l) => l.split(' ')[2] !== '-').length;
  return { hitRatio: segs.length ? hits / segs.length : 0, originRps: upstream / seconds };
}

const row = (setup: string, viewers: number, f: Figures, edge?: { hitRatio: number; originRps: number }) =>
  console.log(
    [
      setup.padEnd(16),
      String(viewers).padStart(7),
      f.rps.toFixed(0).padStart(8),
      f.p50.toFixed(1).padStart(7),
      f.p99.toFixed(1).padStart(8),
      `${f.errors} (${((100 * f.errors) / Math.max(1, f.requests)).toFixed(2)} %)`.padStart(14),
      (edge ? `${(100 * edge.hitRatio).toFixed(1)} %` : '-').padStart(9),
      (edge ? edge.originRps.toFixed(1) : '-').padStart(9),
      loadavg()[0]!.toFixed(2).padStart(6),
    ].join(' ') + (f.errors ? `\n${' '.repeat(17)}errors: ${f.kinds}` : ''),
  );

console.log(`scale-out: ${seconds} s per step, segment ${SEGMENT_SEC} s, wrk with one connection per viewer`);
console.log('setup            viewers    req/s  p50 ms   p99 ms         errors  seg hits  origin/s  load1');
for (const processes of [1, 2, 3]) {
  const c = await startCluster({
    dir,
    port: basePort,
    processes,
    env: { OTTKIT_MEDIA_PROFILE: 'tiny' },
    log: () => {},
  });
  try {
    const secret = (JSON.parse(readFileSync(join(c.dataDir, 'secrets.json'), 'utf8')) as { secret: string })
      .secret;
    const url = liveUrl(secret, { accountId: 'bench', liveStreamId: 'ch1', ttlSec: 3600 });
    const token = url.split('token=')[1] as string;
    const master = await (await fetch(c.processUrls[0] + url)).text();
    const rendition = /^(\w+)\/index\.m3u8/m.exec(master)?.[1];
    const playlist = `/media/live/ch1/${rendition}/index.m3u8`;
    writeFileSync(lua, viewerScript(playlist, token));
    if (processes === 1) {
      for (const v of viewerSteps) row('ottkit alone', v, runWrk(c.processUrls[0] as string, v));
    }
    for (const v of viewerSteps) {
      const from = readFileSync(c.edgeLog, 'utf8').length;
      const f = runWrk(c.edgeUrl, v);
      // nginx writes its log each second.
      await new Promise((r) => setTimeout(r, 1500));
      row(`nginx + ${processes}`, v, f, edgeFigures(c, from));
    }
  } finally {
    await c.stop();
  }
}
rmSync(lua, { force: true });
