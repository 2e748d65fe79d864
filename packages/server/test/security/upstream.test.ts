import { createServer, get, type Server } from 'node:http';
import { join } from 'node:path';
import { OperatorErrCode, type Job, operatorContract } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { ChannelRunner, DEFAULT_RULES } from '../../src/live/channel.ts';
import { isInternalAddress, UPSTREAM_ALLOW_ENV } from '../../src/upstream/address.ts';
import { pinnedLookup, resolveUpstream } from '../../src/upstream/resolve.ts';
import { parseAllowList } from '../../src/upstream/address.ts';
import { openSource } from '../../src/sources/input.ts';
import { runCli } from '../cliRun.ts';
import { startServer, type TestServer } from '../helpers.ts';
import { type SignedIn, signInOperator } from '../operatorHelpers.ts';

// Store engine: SQLite only (scripts/postgres-pass.mjs): what this proves is the fetcher's address checks after DNS
// and redirects, the same code on either engine; the allow list it sets is a setting, whose store calls run on
// PostgreSQL in cli-audit and operator-commerce.

// Issue 35, high: server-side request forgery. Every URL the server fetches is refused when it resolves to an
// internal address, after every redirect, with one text that tells nothing about the port (decision 0359). A
// listener of our own on loopback counts connections: none may reach it unless the operator allows it.
const op = operatorContract.operator;
const INTERNAL_PORT = 7150;
const PANEL_PORT = 7151;
const CLOSED_PORT = 7152;
const M3U = `#EXTM3U\n#EXTINF:-1 tvg-id="x" tvg-logo="http://127.0.0.1:${INTERNAL_PORT}/logo.png" group-title="Secret group",X\nhttp://127.0.0.1:${INTERNAL_PORT}/x.m3u8\n`;

/** Spellings of this machine's loopback (the listener answers on IPv4 and, where there is one, IPv6). */
const LOOPBACK = [
  '127.0.0.1',
  'localhost',
  '127.1',
  '2130706433',
  '0x7f000001',
  '017700000001',
  '0.0.0.0',
  '[::ffff:127.0.0.1]',
  '[::ffff:7f00:1]',
  '[::1]',
];

let connections = 0;
const internal: Server[] = [];
let panel: Server;
let panelHits = 0;
let t: TestServer;
let editor: SignedIn;
const savedAllow = process.env[UPSTREAM_ALLOW_ENV];

function listen(server: Server, port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, host, () => resolve(true));
  });
}

beforeAll(async () => {
  // The test run allows loopback for its fixtures; this suite proves the default, so it takes that away.
  delete process.env[UPSTREAM_ALLOW_ENV];
  for (const host of ['127.0.0.1', '::1']) {
    const s = createServer((_req, res) => res.end(M3U));
    s.on('connection', () => connections++);
    if (await listen(s, INTERNAL_PORT, host)) internal.push(s);
  }
  // A trusted panel the operator allows (127.0.0.2): it redirects wherever it is told to.
  panel = createServer((req, res) => {
    panelHits++;
    const to = new URL(req.url ?? '/', 'http://panel').searchParams.get('to');
    if (to) res.writeHead(302, { location: to }).end();
    else res.end(M3U);
  });
  await listen(panel, PANEL_PORT, '127.0.0.2');
  t = await startServer();
  editor = await signInOperator(t, 'editor@ottkit.test', 'editor');
}, 120_000);

afterAll(async () => {
  if (savedAllow === undefined) delete process.env[UPSTREAM_ALLOW_ENV];
  else process.env[UPSTREAM_ALLOW_ENV] = savedAllow;
  await t?.close();
  for (const s of [...internal, panel]) s?.close();
});

beforeEach(async () => {
  connections = 0;
  panelHits = 0;
  await runCli(['config', 'set', 'upstreams.allow', '', '--data', t.dataDir]);
});

const as = () => ({ cookie: editor.cookie });
let named = 0;
async function preview(url: string) {
  const name = `probe-${++named}`;
  const add = await t.post(op.sourceAdd.path, { name, kind: 'm3u', url }, as());
  expect(add.body.errCode, add.body.errMsg).toBe(0);
  return (await t.post(op.sourcePreview.path, { name }, as())).body;
}

async function readAll(url: string): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const c of openSource(url, { timeoutMs: 3000, maxBytes: 1 << 20, maxRedirects: 3 }))
    parts.push(c);
  return Buffer.concat(parts).toString();
}

describe('upstream addresses (issue 35, decision 0359)', () => {
  it('the listener is real: allowed, it answers', async () => {
    process.env[UPSTREAM_ALLOW_ENV] = '127.0.0.0/8';
    try {
      expect(await readAll(`http://127.0.0.1:${INTERNAL_PORT}/`)).toContain('#EXTM3U');
    } finally {
      delete process.env[UPSTREAM_ALLOW_ENV];
    }
    expect(connections).toBe(1);
  });

  it.each(LOOPBACK)('refuses loopback spelt %s, and no byte reaches the listener', async (host) => {
    await expect(readAll(`http://${host}:${INTERNAL_PORT}/list.m3u`)).rejects.toThrow(
      /refused: internal address/,
    );
    const answer = await preview(`http://${host}:${INTERNAL_PORT}/list.m3u`);
    expect(answer.errCode).toBe(OperatorErrCode.SOURCE_FAILED);
    expect(answer.errMsg).toMatch(/refused: internal address/);
    expect(answer.data).toBeUndefined();
    expect(connections).toBe(0);
  });

  it('judges link-local, private, unique-local, CGNAT, multicast and unspecified ranges as internal', () => {
    for (const ip of [
      '169.254.169.254',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '224.0.0.1',
      '0.0.0.0',
      '::',
      'fe80::1',
      'fd12:3456::1',
      'fc00::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe',
      'not an address',
    ])
      expect(isInternalAddress(ip), ip).toBe(true);
    for (const ip of ['93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(isInternalAddress(ip), ip).toBe(false);
  });

  it('connects to the addresses judged, never to a second answer of the name (DNS rebinding)', async () => {
    await expect(resolveUpstream('localhost', parseAllowList(''))).rejects.toThrow(
      'refused: internal address',
    );
    // The host name is never resolved again: the connection goes where the judged addresses say, whatever the
    // name would answer now (here it answers nothing at all).
    const pinned = await resolveUpstream('localhost', parseAllowList('localhost'));
    const status = await new Promise<number | undefined>((resolve, reject) =>
      get(
        { host: 'rebinding.invalid', port: INTERNAL_PORT, agent: false, lookup: pinnedLookup(pinned) },
        (res) => {
          res.resume();
          resolve(res.statusCode);
        },
      ).on('error', reject),
    );
    expect(status).toBe(200);
    expect(connections).toBe(1);
  });

  it('says the same whether the internal port is open or closed (no probing)', async () => {
    const open = await preview(`http://127.0.0.1:${INTERNAL_PORT}/a`);
    const closed = await preview(`http://127.0.0.1:${CLOSED_PORT}/a`);
    expect(open.errMsg.replace(String(INTERNAL_PORT), 'P')).toBe(
      closed.errMsg.replace(String(CLOSED_PORT), 'P'),
    );
    expect(connections).toBe(0);
  });

  it('refuses a redirect from an allowed panel to an internal address, every spelling', async () => {
    const set = await runCli(['config', 'set', 'upstreams.allow', '127.0.0.2', '--data', t.dataDir]);
    expect(set.code).toBe(0);
    for (const host of LOOPBACK) {
      const to = encodeURIComponent(`http://${host}:${INTERNAL_PORT}/list.m3u`);
      const answer = await preview(`http://127.0.0.2:${PANEL_PORT}/?to=${to}`);
      expect(answer.errMsg, host).toMatch(/refused: internal address/);
    }
    expect(panelHits).toBe(LOOPBACK.length);
    expect(connections).toBe(0);
  });

  it('imports from an allowed panel without fetching its internal logo', async () => {
    await runCli(['config', 'set', 'upstreams.allow', '127.0.0.2', '--data', t.dataDir]);
    const name = 'panel-import';
    await t.post(
      op.sourceAdd.path,
      { name, kind: 'm3u', url: `http://127.0.0.2:${PANEL_PORT}/list.m3u` },
      as(),
    );
    const started = await t.post(op.sourceImport.path, { name }, as());
    expect(started.body.errCode, started.body.errMsg).toBe(0);
    const { jobId } = (started.body.data as { job: Job }).job;
    let job: Job | undefined;
    await vi.waitFor(
      async () => {
        job = ((await t.get(`${op.jobGet.path}?jobId=${jobId}`, as())).body.data as { job: Job }).job;
        expect(['succeeded', 'failed']).toContain(job.status);
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(job?.status, job?.error).toBe('succeeded');
    expect(panelHits).toBeGreaterThan(0);
    expect(connections).toBe(0);
  });

  it('refuses to start with a mistyped OTTKIT_UPSTREAM_ALLOW', () => {
    const env = { OTTKIT_SECRET: 's'.repeat(32), [UPSTREAM_ALLOW_ENV]: '127.0.0.0/99' };
    const dataDir = join(t.dataDir, 'config-test');
    expect(() => loadConfig({ dataDir }, env)).toThrow(
      /OTTKIT_UPSTREAM_ALLOW: '127.0.0.0\/99' has no valid prefix length/,
    );
  });

  it('lets the operator allow a trusted internal panel (CLI config set upstreams.allow)', async () => {
    const bad = await runCli(['config', 'set', 'upstreams.allow', 'not/a/net', '--data', t.dataDir]).catch(
      (e: Error) => ({ code: 1, lines: [e.message] }),
    );
    expect(bad.code).not.toBe(0);
    expect((await preview(`http://127.0.0.1:${INTERNAL_PORT}/list.m3u`)).errMsg).toMatch(/refused/);
    const set = await runCli(['config', 'set', 'upstreams.allow', '127.0.0.1/32', '--data', t.dataDir]);
    expect(set.code).toBe(0);
    const answer = await preview(`http://127.0.0.1:${INTERNAL_PORT}/list.m3u`);
    expect(answer.errCode, answer.errMsg).toBe(0);
    expect((answer.data as { groups: { name: string }[] }).groups[0]?.name).toBe('Secret group');
    expect(connections).toBeGreaterThan(0);
  });

  it('does not start ffmpeg for a live hls+http source on loopback, and judges it again at each restart', async () => {
    const lines: string[] = [];
    const runner = new ChannelRunner(
      {
        logicalChannelId: 'ch-ssrf',
        sources: [{ position: 1, url: `hls+http://127.1:${INTERNAL_PORT}/live.m3u8`, origin: 'operator' }],
      } as never,
      {
        ffmpeg: '/nonexistent/ffmpeg',
        mediaDir: t.dataDir,
        workRoot: t.dataDir,
        timeline: { beginRun() {} } as never,
        rules: { ...DEFAULT_RULES, backoffMs: 200 },
        now: Date.now,
        log: (l) => lines.push(l),
        onSegment: () => {},
        upstreamAllow: async () => '',
      },
    );
    runner.start();
    await vi.waitFor(() => expect(lines.filter((l) => l.includes('not started')).length).toBeGreaterThan(1), {
      timeout: 5000,
      interval: 50,
    });
    await runner.stop();
    expect(runner.health[0]?.lastError).toBe('refused: internal address');
    expect(connections).toBe(0);
  });
});
