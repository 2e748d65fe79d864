import { Agent, request } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';

// A client whose timers run late (a loaded machine, a blocked event loop) sends its next request on a kept-alive
// connection after Node's default 5 s: the server must not have closed it first, or that request is reset.
let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

/** One GET on the given socket-keeping agent; answers the status and the socket's local port. */
function get(agent: Agent): Promise<{ status: number; port: number }> {
  return new Promise((resolve, reject) => {
    const req = request(`${t.url}/no-such-page`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, port: req.socket?.localPort ?? 0 }));
    });
    req.on('error', reject);
    req.end();
  });
}

it('keeps an idle connection open past 5 s, so a late request on it is answered', async () => {
  // The client keeps its socket as long as it likes; only the server could close it.
  const agent = new Agent({ keepAlive: true, maxSockets: 1, timeout: 60_000 });
  try {
    const first = await get(agent);
    await new Promise((r) => setTimeout(r, 6_000));
    const second = await get(agent);
    expect(second.status).toBe(first.status);
    // The same connection: the server had not closed it.
    expect(second.port).toBe(first.port);
  } finally {
    agent.destroy();
  }
}, 20_000);
