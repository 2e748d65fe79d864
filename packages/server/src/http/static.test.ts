import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticHandler, pickEncoding } from './static.ts';
import { rawGet } from './rawGet.test-helpers.ts';

let dir: string;
let server: Server;
let base: string;
const script = `console.log(${JSON.stringify('x'.repeat(5000))});`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ottkit-static-'));
  await mkdir(join(dir, '_astro'));
  await writeFile(join(dir, '_astro', 'app.js'), script);
  await writeFile(join(dir, 'logo.png'), Buffer.from([1, 2, 3]));
  await writeFile(join(dir, 'font.woff2'), Buffer.from('0123456789'));
  const serve = createStaticHandler(dir);
  server = createServer((req, res) => {
    serve(req, res, new URL(req.url ?? '/', 'http://x').pathname).then(
      (ok) => ok || res.writeHead(404).end(),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await rm(dir, { recursive: true, force: true });
});

const raw = (path: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  rawGet(base + path, acceptEncoding, headers);

describe('static files of the built site', () => {
  it('sends scripts brotli- or gzip-compressed when the browser accepts it, cached for a year', async () => {
    const br = await raw('/_astro/app.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(script.length / 4);
    const gz = await raw('/_astro/app.js', 'gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const plain = await raw('/_astro/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('does not compress images, and refuses paths outside the folder', async () => {
    expect((await raw('/logo.png', 'br')).headers['content-encoding']).toBeUndefined();
    expect((await raw('/../package.json')).status).toBe(404);
    expect((await raw('/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
  });

  it('picks brotli over gzip', () => {
    expect(pickEncoding('gzip, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });

  it('honours q-values: q=0 refuses a coding, the higher q wins, * covers the rest', () => {
    expect(pickEncoding('br;q=0')).toBeNull();
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('gzip, br;q=0.0')).toBe('gzip');
    expect(pickEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('gzip;q=0, *')).toBe('br');
    expect(pickEncoding('br;q=bogus, gzip')).toBe('gzip');
  });
});

describe('revalidation and ranges (decision 0193)', () => {
  it('names each version and coding with an ETag and answers 304 when the browser has it', async () => {
    const plain = await raw('/_astro/app.js');
    const br = await raw('/_astro/app.js', 'br');
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
    expect(br.headers.etag).not.toBe(etag);
    const again = await raw('/_astro/app.js', undefined, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toContain('immutable');
    const weak = await raw('/_astro/app.js', 'br', { 'if-none-match': `"other", W/${br.headers.etag}` });
    expect(weak.status).toBe(304);
    expect((await raw('/_astro/app.js', undefined, { 'if-none-match': '"other"' })).status).toBe(200);
    expect((await raw('/_astro/app.js', 'br', { 'if-none-match': etag })).status).toBe(200);
  });

  it('sends one byte range of an uncompressed file (206), and 416 past its end', async () => {
    const whole = await raw('/font.woff2');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const part = await raw('/font.woff2', undefined, { range: 'bytes=2-4' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 2-4/10');
    expect(part.body.toString()).toBe('234');
    expect((await raw('/font.woff2', undefined, { range: 'bytes=7-' })).body.toString()).toBe('789');
    expect((await raw('/font.woff2', undefined, { range: 'bytes=-2' })).body.toString()).toBe('89');
    expect((await raw('/font.woff2', undefined, { range: 'bytes=5-100' })).body.toString()).toBe('56789');
    const past = await raw('/font.woff2', undefined, { range: 'bytes=10-' });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */10');
  });

  it('answers the whole file for several ranges, a malformed one, or If-Range naming another version', async () => {
    const cases: Record<string, string>[] = [
      { range: 'bytes=0-1,4-5' },
      { range: 'bytes=x-y' },
      { range: 'items=0-1' },
      { range: 'bytes=5-2' },
      { range: 'bytes=0-1', 'if-range': '"old"' },
    ];
    for (const headers of cases) {
      const r = await raw('/font.woff2', undefined, headers);
      expect(r.status, JSON.stringify(headers)).toBe(200);
      expect(r.body.toString()).toBe('0123456789');
    }
    const etag = (await raw('/font.woff2')).headers.etag as string;
    expect((await raw('/font.woff2', undefined, { range: 'bytes=0-1', 'if-range': etag })).status).toBe(206);
  });
});
