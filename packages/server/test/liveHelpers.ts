import { contract } from '@ottkit/api-client';
import { DEMO_NO_AUTHORITY, DEMO_PASSWORD, DEMO_SUBSCRIBED } from '../src/seed/accounts.ts';
import { bearer, loginAs, type TestServer } from './helpers.ts';

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

export async function channelList(t: TestServer, headers: Record<string, string> = {}) {
  const res = await t.post(L.channelList.path, {}, headers);
  if (res.body.errCode !== 0) throw new Error(`channel list failed: ${res.body.errMsg}`);
  return L.channelList.response.parse(res.body.data);
}
