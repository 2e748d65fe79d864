import { describe, expect, it } from 'vitest';
import { L, liveSuite } from './liveHelpers.ts';

// Decision 0296: the channel list answers an ETag (a digest of the bytes this caller is sent) and 304 to an
// If-None-Match that names it, so a client that kept the answer does not download the line-up again.

const live = liveSuite();

async function list(headers: Record<string, string>) {
  const res = await fetch(live.t.url + L.channelList.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{}',
  });
  return { status: res.status, etag: res.headers.get('etag'), text: await res.text() };
}

describe('channel list: ETag and 304', () => {
  it('answers an ETag, and 304 with no body when asked with it', async () => {
    const first = await list(live.v.guest);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^"[\w-]+"$/);
    expect(JSON.parse(first.text).data.channelListInfo.length).toBeGreaterThan(40);
    const again = await list({ ...live.v.guest, 'if-none-match': first.etag as string });
    expect(again).toEqual({ status: 304, etag: first.etag, text: '' });
    // A stale or foreign tag gets the whole answer.
    expect((await list({ ...live.v.guest, 'if-none-match': '"other"' })).status).toBe(200);
  });

  it("gives each viewer their own answer's tag, and a new tag once their line-up changed", async () => {
    const guest = await list(live.v.guest);
    const subscriber = await list(live.v.subscriber);
    expect(subscriber.etag).not.toBe(guest.etag);
    expect((await list({ ...live.v.subscriber, 'if-none-match': guest.etag as string })).status).toBe(200);

    const favorite = await live.t.post(
      L.favoriteCreate.path,
      { favoriteChannelList: [{ logicalChannelId: 'lc-002', updateTime: live.t.clock.now }] },
      live.v.subscriber,
    );
    expect(favorite.body.errCode).toBe(0);
    const changed = await list({ ...live.v.subscriber, 'if-none-match': subscriber.etag as string });
    expect(changed.status).toBe(200);
    expect(changed.etag).not.toBe(subscriber.etag);
    const favourite = JSON.parse(changed.text).data.channelListInfo.find(
      (c: { logicalChannelId: string }) => c.logicalChannelId === 'lc-002',
    );
    expect(favourite.isFavorite).toBe(true);
  });
});
