import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './fixtures.test-helpers.ts';
import { readXtream, xtreamGuideUrl } from './xtream.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A tiny Xtream Codes panel: user "u", password "p w". */
function panel(url: URL): { status: number; body: string } {
  const q = url.searchParams;
  if (url.pathname !== '/player_api.php') return { status: 404, body: '' };
  if (q.get('username') !== 'u' || q.get('password') !== 'p w')
    return { status: 200, body: JSON.stringify({ user_info: { auth: 0 } }) };
  if (q.get('action') === 'get_live_categories')
    return {
      status: 200,
      body: JSON.stringify([
        { category_id: '1', category_name: 'News' },
        { category_id: 2, category_name: 'Sports' },
      ]),
    };
  if (q.get('action') === 'get_live_streams')
    return {
      status: 200,
      body: JSON.stringify([
        {
          num: 1,
          name: 'News One',
          stream_id: 11,
          stream_icon: 'http://l/1.png',
          epg_channel_id: 'news.one',
          category_id: '1',
          tv_archive: 1,
          tv_archive_duration: '5',
        },
        { num: 2, name: 'Sport 1', stream_id: '12', epg_channel_id: null, category_id: '2', tv_archive: 0 },
        { num: 3, name: '', stream_id: 13, category_id: '2' },
        { num: 4, name: 'Lost', category_id: '9' },
        { num: 5, name: 'Orphan', stream_id: 15, category_id: '9' },
      ]),
    };
  return { status: 200, body: '[]' };
}

describe('readXtream', () => {
  it('reads live categories and streams of the account into entries', async () => {
    server = await startServer((req, res) => {
      const a = panel(new URL(req.url ?? '/', 'http://x'));
      res.writeHead(a.status, { 'content-type': 'application/json' }).end(a.body);
    });
    const account = { server: `${server.url}/`, user: 'u', password: 'p w' };
    const { entries, skipped } = await readXtream(account);
    expect(entries.map((e) => [e.upstreamId, e.name, e.group, e.tvgId, e.number, e.catchupDays])).toEqual([
      ['11', 'News One', 'News', 'news.one', 1, 5],
      ['12', 'Sport 1', 'Sports', '', 2, 0],
      ['15', 'Orphan', 'Other', '', 5, 0],
    ]);
    expect(entries[0]?.url).toBe(`${server.url}/live/u/p%20w/11.m3u8`);
    expect(entries[0]?.logo).toBe('http://l/1.png');
    expect(Object.fromEntries(skipped.counts)).toEqual({
      'no channel name': 1,
      'stream without stream_id': 1,
    });
    expect(xtreamGuideUrl(account)).toBe(`${server.url}/xmltv.php?username=u&password=p%20w`);
  });

  it('says the account is refused, without echoing the password', async () => {
    server = await startServer((req, res) => {
      const a = panel(new URL(req.url ?? '/', 'http://x'));
      res.writeHead(a.status).end(a.body);
    });
    const err = await readXtream({ server: server.url, user: 'u', password: 'secret!' }).catch((e) => e);
    expect(String(err.message)).toMatch(/refused the account/);
    expect(String(err.message)).not.toContain('secret');
  });

  it('says when the panel answers something else than JSON, without the password', async () => {
    server = await startServer((_req, res) => res.writeHead(500).end('<html>oops</html>'));
    const err = await readXtream({ server: server.url, user: 'u', password: 'secret!' }).catch((e) => e);
    expect(String(err.message)).toMatch(/player_api.php \(get_live_categories\) answered HTTP 500/);
    expect(String(err.message)).not.toContain('secret');
  });
});
