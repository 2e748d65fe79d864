import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendBody, sendText } from './send.ts';

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/parts')
      sendBody(req.method, res, 200, { 'content-type': 'text/plain' }, [
        Buffer.from('ab'),
        Buffer.from('cde'),
      ]);
    else if (req.url === '/twice') {
      sendText(req.method, res, 404, 'first');
      sendText(req.method, res, 500, 'second'); // headers went out: only ends
    } else sendText(req.method, res, 404, 'No such thing', { 'cache-control': 'no-store' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => void server.close());

describe('send helpers', () => {
  it('send the parts of a body with their whole length', async () => {
    const r = await fetch(`${base}/parts`);
    expect(r.headers.get('content-length')).toBe('5');
    expect(await r.text()).toBe('abcde');
  });

  it('answer HEAD with the headers of GET and no body', async () => {
    const r = await fetch(`${base}/parts`, { method: 'HEAD' });
    expect(r.headers.get('content-length')).toBe('5');
    expect(await r.text()).toBe('');
  });

  it('send plain text as one unsniffed line, with extra headers', async () => {
    const r = await fetch(`${base}/x`);
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(await r.text()).toBe('No such thing\n');
  });

  it('only end a response whose headers went out already', async () => {
    const r = await fetch(`${base}/twice`);
    expect(r.status).toBe(404);
    expect(await r.text()).toBe('first\n');
  });
});
