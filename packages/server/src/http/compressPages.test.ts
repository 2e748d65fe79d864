import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressPages } from './compressPages.ts';
import { rawGet } from './rawGet.test-helpers.ts';

let server: Server;
let base: string;
const shared = { writes: 0 };
const page = `<!doctype html><html><body>${'<p>row</p>'.repeat(2000)}</body></html>`;

beforeAll(async () => {
  // Writes like Astro's node adapter: writeHead, then the body in chunks, then end().
  server = createServer((req, res) => {
    compressPages(req, res);
    if (req.url === '/page') {
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(page.length) });
      res.write(page.slice(0, 1000));
      setTimeout(() => {
        res.write(Buffer.from(page.slice(1000)));
        res.end();
      }, 5);
    } else if (req.url?.startsWith('/shared')) {
      // A page the site shares between viewers: an ETag names its bytes; ?n counts how often it was written.
      shared.writes += 1;
      res.writeHead(200, { 'content-type': 'text/html', etag: '"abc"' });
      res.write(page.slice(0, 1000));
      res.end(page.slice(1000));
    } else if (req.url === '/slow') {
      // Keeps writing after the viewer has gone.
      res.writeHead(200, { 'content-type': 'text/html' });
      let n = 0;
      const timer = setInterval(() => {
        res.write(`<p>${n}</p>`);
        if (++n === 20) {
          clearInterval(timer);
          res.end();
        }
      }, 5);
    } else {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"errCode":404}');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});

const get = (path: string, acceptEncoding?: string) => rawGet(base + path, acceptEncoding);

describe('compressed server-rendered pages', () => {
  it('sends HTML brotli- or gzip-compressed as the browser accepts, without the stale length', async () => {
    const br = await get('/page', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBeUndefined();
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    expect(br.body.length).toBeLessThan(page.length / 10);
    const gz = await get('/page', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(page);
  });

  it('compresses a page with an ETag once per encoding and sends the same copy again', async () => {
    const first = await get('/shared', 'br');
    const again = await get('/shared', 'gzip, br');
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.body).toString()).toBe(page);
    expect(again.body.equals(first.body)).toBe(true);
    const gz = await get('/shared', 'gzip');
    expect(gunzipSync(gz.body).toString()).toBe(page);
    expect((await get('/shared')).body.toString()).toBe(page);
    expect(shared.writes).toBe(4);
  });

  it('survives a viewer who leaves mid-page', async () => {
    await new Promise<void>((resolve) => {
      const req = request(`${base}/slow`, { headers: { 'accept-encoding': 'br' } }, (res) => {
        res.once('data', () => {
          req.destroy();
          setTimeout(resolve, 150);
        });
      });
      req.on('error', () => {});
      req.end();
    });
    expect((await get('/page', 'gzip')).status).toBe(200);
  });

  it('leaves other answers, and browsers that accept no encoding, alone', async () => {
    const plain = await get('/page');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
    const json = await get('/api', 'br');
    expect(json.status).toBe(404);
    expect(json.headers['content-encoding']).toBeUndefined();
    expect(json.body.toString()).toBe('{"errCode":404}');
  });
});
