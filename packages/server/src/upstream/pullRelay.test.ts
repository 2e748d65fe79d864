import { createServer as createHttpServer, get, type IncomingHttpHeaders } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPSTREAM_ALLOW_ENV } from './address.ts';
import { openPull, shownUpstream } from './pullRelay.ts';

// Decision 0364: the pull relay's own rules, without ffmpeg (the security suite has the hostile playlists).
const UPSTREAM = 7170;
const TLS_PROBE = 7171;
const up = `http://127.0.0.1:${UPSTREAM}`;
const requests: { url: string; headers: IncomingHttpHeaders }[] = [];
let releaseSegment: () => void = () => {};
const upstream = createHttpServer((req, res) => {
  requests.push({ url: req.url ?? '', headers: req.headers });
  if (req.url === '/list.m3u8')
    return void res
      .writeHead(200, { 'content-type': 'application/vnd.apple.mpegurl', 'set-cookie': 'a=b' })
      .end('#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI="k.bin"\n#EXTINF:2,\nseg/1.ts\n');
  if (req.url === '/moved.m3u8') return void res.writeHead(302, { location: '/list.m3u8' }).end();
  // A segment sent in two halves: the second only once the first reached the relay's client (no buffering).
  res.writeHead(200, { 'content-type': 'video/mp2t', 'content-length': '4000' });
  res.write(Buffer.alloc(2000, 0x47));
  releaseSegment = () => res.end(Buffer.alloc(2000, 0x47));
});
/** What reached the TLS probe first: a TLS handshake starts with the byte 0x16. */
let firstByte: number | undefined;
const tlsProbe = createTcpServer((socket) => {
  socket.once('data', (d) => {
    firstByte = d[0];
    socket.destroy();
  });
});

// The test run allows loopback for its fixtures; here each pull says what it allows.
const savedAllow = process.env[UPSTREAM_ALLOW_ENV];

beforeAll(async () => {
  delete process.env[UPSTREAM_ALLOW_ENV];
  await new Promise<void>((r) => upstream.listen(UPSTREAM, '127.0.0.1', r));
  await new Promise<void>((r) => tlsProbe.listen(TLS_PROBE, '127.0.0.1', r));
});
afterAll(() => {
  if (savedAllow !== undefined) process.env[UPSTREAM_ALLOW_ENV] = savedAllow;
  upstream.close();
  tlsProbe.close();
});

function fetchText(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string; headers: IncomingHttpHeaders }>((resolve, reject) => {
    get(url, { headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (d: string) => {
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    }).on('error', reject);
  });
}

describe('the pull relay (decision 0364)', () => {
  it('hands on a playlist, after its redirect, with every URI a relay URL of the same pull', async () => {
    const pull = await openPull(`${up}/moved.m3u8`, '127.0.0.1');
    try {
      const list = await fetchText(pull.input);
      expect(list.status).toBe(200);
      expect(list.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      expect(list.headers['set-cookie']).toBeUndefined();
      const [, key, , seg] = list.body.trim().split('\n');
      const base = pull.input.split('/').slice(0, 5).join('/');
      expect(key).toMatch(new RegExp(`^#EXT-X-KEY:METHOD=AES-128,URI="${base}/[\\w-]+/k\\.bin"$`));
      expect(seg?.startsWith(`${base}/`)).toBe(true);
      expect(seg?.endsWith('/1.ts')).toBe(true);
      // Resolved against the URL after the redirect, shown as the upstream URL it stands for.
      expect(shownUpstream(`failed: ${seg}`)).toBe(`failed: ${up}/seg/1.ts`);
      expect(requests.every((r) => r.headers['user-agent'] === 'ottkit-live-pull')).toBe(true);
    } finally {
      pull.close();
    }
  });

  it('streams a segment as it comes, with the Range asked', async () => {
    const pull = await openPull(`${up}/list.m3u8`, '127.0.0.1');
    try {
      const seg = (await fetchText(pull.input)).body.trim().split('\n')[3] as string;
      const first = await new Promise<number>((resolve, reject) => {
        get(seg, { headers: { range: 'bytes=0-' }, agent: false }, (res) => {
          res.once('data', (d: Buffer) => {
            resolve(d.length);
            releaseSegment();
            res.resume();
          });
        }).on('error', reject);
      });
      expect(first).toBeGreaterThan(0);
      expect(requests.at(-1)?.headers.range).toBe('bytes=0-');
    } finally {
      pull.close();
    }
  });

  it('fetches an https URL over TLS (node:https), connected to the judged address', async () => {
    const pull = await openPull(`https://127.0.0.1:${TLS_PROBE}/list.m3u8`, '127.0.0.1');
    try {
      const answer = await fetchText(pull.input);
      expect(answer.status).toBe(502);
      expect(firstByte).toBe(0x16);
      expect(pull.lastError).toMatch(`https://127.0.0.1:${TLS_PROBE}/list.m3u8 could not be reached`);
    } finally {
      pull.close();
    }
  });

  it('answers 403 to a refused address and says so; 404 without the token or after the pull closed', async () => {
    const pull = await openPull(`${up}/list.m3u8?token=s3cret`, '');
    const seen = requests.length;
    expect((await fetchText(pull.input)).status).toBe(403);
    expect(pull.refused).toMatch(
      new RegExp(`^${up}/list\\.m3u8\\?token=\\*\\*\\*.*refused: internal address$`),
    );
    const other = await openPull(`${up}/list.m3u8`, '127.0.0.1');
    const wrongToken = pull.input.replace(/\/[\w-]{32}\//, '/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/');
    expect((await fetchText(wrongToken)).status).toBe(404);
    pull.close();
    expect((await fetchText(pull.input)).status).toBe(404);
    expect(requests.length).toBe(seen);
    // The relay stops with its last pull: nothing listens there any more.
    other.close();
    await expect(fetchText(other.input)).rejects.toThrow(/ECONNREFUSED/);
  });
});
