import { contract } from '@ottkit/api-client';
import { afterAll, beforeAll } from 'vitest';
import { DEMO_NO_AUTHORITY, DEMO_PASSWORD, DEMO_SUBSCRIBED } from '../src/seed/accounts.ts';
import { bearer, loginAs, startServer, type TestServer } from './helpers.ts';

export const L = contract.live;

/** Headers of the three viewers of issue 6: a subscriber, a user without rights and a guest. */
export async function viewers(t: TestServer) {
  const subscriber = await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD);
  const free = await loginAs(t, DEMO_NO_AUTHORITY.email, DEMO_PASSWORD);
  const res = await t.post(contract.account.visitorLogin.path, { deviceId: 'test-device-0001' });
  if (res.body.errCode !== 0) throw new Error(`visitor login failed: ${res.body.errMsg}`);
  const guest = contract.account.visitorLogin.response.parse(res.body.data);
  return {
    subscriber: bearer(subscriber.token),
    free: bearer(free.token),
    guest: bearer(guest.tokens.token),
    subscriberId: subscriber.accountId,
    freeId: free.accountId,
  };
}

export type Viewers = Awaited<ReturnType<typeof viewers>>;

/**
 * The live tests' shared setup: one seeded server (clock 2026-06-01T12:00Z) and the three viewers, started before
 * the file's tests and closed after them. Call it at the top of a test file; read `live.t` (the server) and
 * `live.v` (the viewers' headers and ids) inside the tests. Read before the start (at collection time), they throw
 * instead of handing out undefined.
 */
export function liveSuite() {
  let server: TestServer | undefined;
  let signedIn: Viewers | undefined;
  beforeAll(async () => {
    server = await startServer();
    signedIn = await viewers(server);
  });
  afterAll(() => server?.close());
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('liveSuite: read live.t and live.v inside a test, once started');
    return value;
  };
  return {
    get t() {
      return started(server);
    },
    get v() {
      return started(signedIn);
    },
  };
}

export async function channelList(t: TestServer, headers: Record<string, string> = {}) {
  const res = await t.post(L.channelList.path, {}, headers);
  if (res.body.errCode !== 0) throw new Error(`channel list failed: ${res.body.errMsg}`);
  return L.channelList.response.parse(res.body.data);
}
