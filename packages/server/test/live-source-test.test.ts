// Test run: about 13 s on SQLite, 16 s on PostgreSQL (scripts/vitest-sequencer.ts starts it early)
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { ErrCode } from '@ottkit/api-client';
import { liveSourceTest, OperatorErrCode } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChannelSource, channelSources } from '../src/live/store.ts';
import { startServer, type TestServer } from './helpers.ts';
import { startTestSource, type TestSource, until } from './liveSource.ts';
import { type SignedIn, signInOperator } from './operatorHelpers.ts';

// Issue 37, decision 0382: "Test input" reads a source address before it is saved and says what it carries, or
// why it cannot be read, in the console's failure codes. Editors only; nothing stored; two at once per server.
const PORT = 8571;
const QUIET_UDP = 'udp://127.0.0.1:8572';
const CHANNEL = 'lc-006';

let t: TestServer;
let editor: SignedIn;
let support: SignedIn;
let source: TestSource;
let upstream: Server;
/** The paths (with queries) the upstream was asked for. */
const asked: string[] = [];

beforeAll(async () => {
  t = await startServer();
  editor = await signInOperator(t, 'editor@ottkit.test', 'editor');
  support = await signInOperator(t, 'support@ottkit.test', 'support');
  const dir = join(t.dataDir, 'upstream');
  mkdirSync(dir);
  source = startTestSource({ target: dir, format: 'hls', audio: 'aac' });
  // The folder over HTTP, each request noted.
  upstream = createServer((req, res) => {
    asked.push(req.url ?? '');
    const name = (req.url ?? '/').split('?')[0]?.slice(1) ?? '';
    let body: Buffer | undefined;
    try {
      if (/^[\w.-]+$/.test(name)) body = readFileSync(join(dir, name));
    } catch {
      // Not there: 404.
    }
    res.writeHead(body ? 200 : 404).end(body);
  });
  await new Promise<void>((r) => upstream.listen(PORT, '127.0.0.1', r));
  await until('the upstream playlist', () => {
    try {
      return readFileSync(join(dir, 'index.m3u8'), 'utf8').includes('.ts');
    } catch {
      return false;
    }
  });
}, 60_000);

afterAll(async () => {
  await source?.stop();
  upstream?.close();
  await t?.close();
});

const test = (who: SignedIn, body: Record<string, unknown>) =>
  t.post(liveSourceTest.path, body, { cookie: who.cookie });

describe('testing a live input before it is saved', () => {
  it('says what an HLS pull carries, and stores nothing', async () => {
    const before = await channelSources(t.server.db, CHANNEL);
    const a = await test(editor, { url: `hls+http://127.0.0.1:${PORT}/index.m3u8` });
    expect(a.body.errCode, a.body.errMsg).toBe(0);
    expect(liveSourceTest.response.parse(a.body.data)).toMatchObject({
      ok: true,
      videoCodec: 'h264',
      audioCodec: 'aac',
      resolution: '320x180',
    });
    expect(await channelSources(t.server.db, CHANNEL)).toEqual(before);
  }, 30_000);

  it('says why an input cannot be read, in a failure code', async () => {
    const refused = await test(editor, { url: 'hls+http://127.0.0.1:8573/none.m3u8' });
    expect(refused.body.data).toEqual({ ok: false, error: 'refused' });
    const missing = await test(editor, { url: `hls+http://127.0.0.1:${PORT}/none.m3u8` });
    expect(missing.body.data).toEqual({ ok: false, error: 'not-found' });
    // A private address nobody allowed: refused before anything is fetched.
    const inside = await test(editor, { url: 'hls+http://10.11.12.13/x.m3u8' });
    expect(inside.body.data).toEqual({ ok: false, error: 'internal-address' });
  }, 30_000);

  it('refuses an address the rules refuse, in words, and support may not test', async () => {
    const file = await test(editor, { url: 'file:///etc/passwd' });
    expect(file.body.errCode).toBe(ErrCode.INVALID_REQUEST);
    expect(file.body.errMsg).toContain('media folder');
    const trick = await test(editor, { url: 'concat:/etc/passwd' });
    expect(trick.body.errCode).toBe(ErrCode.INVALID_REQUEST);
    const role = await test(support, { url: `hls+http://127.0.0.1:${PORT}/index.m3u8` });
    expect(role.body.errCode).toBe(OperatorErrCode.ROLE_REFUSED);
  });

  it('a masked address sent back with its channel is read with the stored secret', async () => {
    await addChannelSource(t.server.db, CHANNEL, `hls+http://127.0.0.1:${PORT}/index.m3u8?token=s3cret`);
    asked.length = 0;
    const a = await test(editor, {
      url: `hls+http://127.0.0.1:${PORT}/index.m3u8?token=***`,
      channelId: CHANNEL,
    });
    expect(a.body.data).toMatchObject({ ok: true, videoCodec: 'h264' });
    expect(asked).toContain('/index.m3u8?token=s3cret');
    expect(JSON.stringify(a.body)).not.toContain('s3cret');
  }, 30_000);

  it('runs two tests at once; a third is asked to wait; a silent push input times out', async () => {
    const answers = await Promise.all([
      test(editor, { url: QUIET_UDP }),
      test(editor, { url: 'udp://127.0.0.1:8574' }),
      // Sent once the two are under way.
      new Promise((r) => setTimeout(r, 500)).then(() =>
        test(editor, { url: 'hls+http://127.0.0.1:8573/none.m3u8' }),
      ),
    ]);
    const [first, second, third] = answers;
    expect(third?.status).toBe(429);
    expect(third?.body.errCode).toBe(OperatorErrCode.PROBE_BUSY);
    expect(first?.body.data).toEqual({ ok: false, error: 'timeout' });
    expect(second?.body.data).toEqual({ ok: false, error: 'timeout' });
    // The slots are free again.
    const after = await test(editor, { url: 'hls+http://127.0.0.1:8573/none.m3u8' });
    expect(after.body.data).toEqual({ ok: false, error: 'refused' });
  }, 30_000);
});
