import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './fixtures.test-helpers.ts';
import { lines, openSource, SourceError } from './input.ts';

const limits = { timeoutMs: 1500, maxBytes: 64 * 1024, maxRedirects: 3 };

async function readAll(location: string, l = limits): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const c of openSource(location, l)) parts.push(c);
  return Buffer.concat(parts).toString('utf8');
}

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('openSource over HTTP', () => {
  it('follows a few redirects and sends no cookie, token or authorization upstream', async () => {
    server = await startServer((req, res) => {
      if (req.url === '/a') res.writeHead(302, { location: '/b' }).end();
      else res.writeHead(200, { 'set-cookie': 'sid=1' }).end('#EXTM3U\n');
    });
    expect(await readAll(`${server.url}/a`)).toBe('#EXTM3U\n');
    for (const req of server.requests) {
      expect(req.headers.cookie).toBeUndefined();
      expect(req.headers.authorization).toBeUndefined();
      expect(req.headers['user-agent']).toBe('ottkit-lineup-import');
    }
  });

  it('stops a redirect loop with a clear error', async () => {
    server = await startServer((_req, res) => res.writeHead(302, { location: '/loop' }).end());
    await expect(readAll(`${server.url}/loop`)).rejects.toThrow(/redirected more than 3 times/);
    expect(server.requests).toHaveLength(4);
  });

  it('stops a response over the size limit, announced or not', async () => {
    const big = Buffer.alloc(200 * 1024, 0x41);
    server = await startServer((req, res) => {
      if (req.url === '/announced') res.writeHead(200, { 'content-length': big.length }).end(big);
      else {
        res.writeHead(200);
        res.write(big.subarray(0, 50_000));
        res.end(big.subarray(50_000));
      }
    });
    await expect(readAll(`${server.url}/announced`)).rejects.toThrow(/over the limit of 65536/);
    await expect(readAll(`${server.url}/chunked`)).rejects.toThrow(/over the limit of 65536/);
  });

  it('gives up on a slow server after the time limit', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200);
      res.write('#EXTM3U\n'); // and never ends
    });
    await expect(readAll(`${server.url}/slow`, { ...limits, timeoutMs: 300 })).rejects.toThrow(
      /did not (answer|finish) within 0.3 s/,
    );
  });

  it('says what went wrong for an HTTP error, a dead address and a missing file', async () => {
    server = await startServer((_req, res) => res.writeHead(403).end('no'));
    await expect(readAll(`${server.url}/x`)).rejects.toThrow(/answered HTTP 403/);
    const gone = await startServer(() => {});
    await gone.close();
    await expect(readAll(`${gone.url}/x`)).rejects.toThrow(/could not be reached \(ECONNREFUSED\)/);
    await expect(readAll('/nonexistent/playlist.m3u')).rejects.toBeInstanceOf(SourceError);
  });
});

describe('lines', () => {
  async function* from(parts: string[]) {
    for (const p of parts) yield Buffer.from(p);
  }
  it('numbers lines across chunks, drops the BOM and CR, reports a too-long line once', async () => {
    const out = [];
    for await (const l of lines(from(['\uFEFFa\r', '\nbb', 'b\nccccccccccccccc', 'cccc\nd']), 8)) out.push(l);
    expect(out).toEqual([
      { n: 1, text: 'a' },
      { n: 2, text: 'bbb' },
      { n: 3, text: 'ccccccccccccccc', tooLong: true },
      { n: 4, text: 'd' },
    ]);
  });
});
