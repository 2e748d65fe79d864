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

const raw = (path: string, acceptEncoding?: string) => rawGet(base + path, acceptEncoding);

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
