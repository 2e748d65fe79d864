import { contract } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaSessionCheck } from '../src/domain/mediaRevocation.ts';
import { createOrigin } from '../src/origin/origin.ts';
import { signMediaToken } from '../src/origin/tokens.ts';
import { DEMO_PASSWORD, DEMO_SUBSCRIBED } from '../src/seed/accounts.ts';
import { changeSetting } from '../src/domain/appConfig.ts';
import { bearer, loginAs, startServer, type TestServer } from './helpers.ts';
import { parseM3u8, tinyLibrary, tokenClaims } from './origin-fixture.ts';

// Decision 0100 (issue 21.8): short live URLs the player renews, revoked on logout, time-shift its own kind.

const play = contract.live.channelPlaySource;
let t: TestServer;

beforeAll(async () => {
  const library = await tinyLibrary();
  t = await startServer({
    origin: (deps) =>
      createOrigin({
        dataDir: deps.config.dataDir,
        secret: deps.config.secret,
        library,
        now: deps.now,
        sessionEnded: mediaSessionCheck(deps.db),
      }),
  });
});
afterAll(() => t.close());

type PlaySource = ReturnType<typeof play.response.parse>;

async function playSource(headers: Record<string, string>, body: Record<string, unknown> = {}) {
  const res = await t.post(play.path, { logicalChannelId: 'lc-001', ...body }, headers);
  expect(res.body.errCode, res.body.errMsg).toBe(0);
  return play.response.parse(res.body.data) as PlaySource;
}
const claims = tokenClaims;
const fetchMedia = (path: string) => fetch(new URL(path, t.url));
/** The first variant playlist of a master URL, and the absolute URL of its newest segment. */
async function newestSegment(master: string) {
  const m = parseM3u8(await (await fetchMedia(master)).text());
  const variant = new URL(m.playlists?.[0]?.uri ?? '', new URL(master, t.url));
  const v = parseM3u8(await (await fetch(variant)).text());
  return { variant, segment: new URL(v.segments.at(-1)?.uri ?? '', variant), first: v.segments[0] };
}

describe('live and time-shift URLs', () => {
  it('a live answer lives 10 minutes and carries the programme’s time-shift playlist, of its own kind', async () => {
    const user = bearer((await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD)).token);
    const r = await playSource(user);
    expect(r.expiresAt).toBe(t.clock.now + 600_000);
    expect(claims(r.url)).toMatchObject({ k: 'live', r: 'live/ch1', e: t.clock.now / 1000 + 600 });
    expect(r.timeshiftUrl).toMatch(/^\/media\/dvr\/ch1\/master\.m3u8\?token=[\w.-]+&start=\d+$/);
    const start = Number(new URL(r.timeshiftUrl ?? '', 'http://x').searchParams.get('start'));
    expect(r.timeshiftStart).toBe(start);
    expect(start).toBeLessThanOrEqual(t.clock.now);
    expect(claims(r.timeshiftUrl ?? '')).toMatchObject({ k: 'timeshift', r: `timeshift/ch1/${start}` });
    // The time-shift playlist plays from the programme start.
    const { first } = await newestSegment(r.timeshiftUrl ?? '');
    expect(first?.dateTimeObject?.getTime()).toBe(Math.floor(start / 2000) * 2000);
  });

  it('a live token opens no DVR playlist and no segment behind the live window', async () => {
    const r = await playSource(bearer((await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD)).token));
    const token = new URL(r.url, 'http://x').searchParams.get('token');
    expect((await fetchMedia(`/media/dvr/ch1/master.m3u8?token=${token}`)).status).toBe(403);
    const { segment } = await newestSegment(r.url);
    const n = Number(/(\d+)\.m4s/.exec(segment.pathname)?.[1]);
    expect((await fetch(segment)).status).toBe(200);
    const old = new URL(segment);
    old.pathname = old.pathname.replace(/\d+\.m4s$/, `${n - 300}.m4s`);
    expect((await fetch(old)).status).toBe(404);
  });

  it('a time-shift token opens nothing before its start, nor another start, nor live', async () => {
    const r = await playSource(bearer((await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD)).token));
    const u = new URL(r.timeshiftUrl ?? '', t.url);
    const start = Number(u.searchParams.get('start'));
    const { variant } = await newestSegment(r.timeshiftUrl ?? '');
    const before = new URL(variant);
    before.pathname = before.pathname.replace('index.m3u8', `${Math.floor(start / 2000) - 1}.m4s`);
    expect((await fetch(before)).status).toBe(404);
    const wider = new URL(u);
    wider.searchParams.set('start', String(start - 3_600_000));
    expect((await fetch(wider)).status).toBe(403);
    expect(
      (await fetchMedia(`/media/live/ch1/master.m3u8?token=${u.searchParams.get('token')}`)).status,
    ).toBe(403);
  });

  it('the operator setting shortens the live URL life at once', async () => {
    changeSetting(t.server.db, 'media.liveTokenTtlSec', '20');
    try {
      const r = await playSource(bearer((await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD)).token));
      expect(r.expiresAt).toBe(t.clock.now + 20_000);
      expect(claims(r.timeshiftUrl ?? '').e).toBe(t.clock.now / 1000 + 20);
      expect((await fetchMedia(r.url)).status).toBe(200);
      t.advance(20_000);
      expect((await fetchMedia(r.url)).status).toBe(403);
    } finally {
      changeSetting(t.server.db, 'media.liveTokenTtlSec', '600');
    }
  });
});

describe('catch-up and on-demand URLs', () => {
  it('a catch-up, VOD or trailer URL lives the configured life, then is refused', async () => {
    changeSetting(t.server.db, 'media.liveTokenTtlSec', '20');
    try {
      const login = await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD);
      const start = t.clock.now - 3_600_000;
      const catchup = await playSource(bearer(login.token), {
        mode: 'catchup',
        start,
        stop: start + 600_000,
      });
      const vod = await t.post(`${contract.vod.playSource.path}?token=${login.token}`, { metaId: 'm-001' });
      const trailer = await t.post(`${contract.vod.trailer.path}?token=${login.token}`, { metaId: 'm-001' });
      expect(vod.body.errCode, vod.body.errMsg).toBe(0);
      expect(trailer.body.errCode, trailer.body.errMsg).toBe(0);
      const answers = [
        catchup,
        vod.body.data,
        contract.vod.trailer.response.parse(trailer.body.data).list[0],
      ] as {
        url: string;
        expiresAt: number;
      }[];
      for (const a of answers) {
        expect(a.expiresAt).toBe(t.clock.now + 20_000);
        expect(claims(a.url).e).toBe(t.clock.now / 1000 + 20);
        expect((await fetchMedia(a.url)).status).toBe(200);
      }
      t.advance(20_000);
      for (const a of answers) expect((await fetchMedia(a.url)).status).toBe(403);
    } finally {
      changeSetting(t.server.db, 'media.liveTokenTtlSec', '600');
    }
  });

  it('by default they live 10 minutes, like live ones', async () => {
    const user = bearer((await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD)).token);
    const start = t.clock.now - 3_600_000;
    const r = await playSource(user, { mode: 'catchup', start, stop: start + 600_000 });
    expect(r.expiresAt).toBe(t.clock.now + 600_000);
  });
});

describe('revocation on logout', () => {
  it('a live, time-shift or catch-up URL issued before logout is refused after it', async () => {
    const user = bearer((await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD)).token);
    const live = await playSource(user);
    const start = t.clock.now - 3_600_000;
    const catchup = await playSource(user, { mode: 'catchup', start, stop: start + 600_000 });
    const urls = [live.url, live.timeshiftUrl ?? '', catchup.url];
    const { segment } = await newestSegment(live.url);
    for (const u of urls) expect((await fetchMedia(u)).status).toBe(200);
    expect((await fetch(segment)).status).toBe(200);

    expect((await t.post(contract.account.logout.path, {}, user)).body.errCode).toBe(0);
    t.advance(1_000); // the origin trusts an answer about a session for 1 s
    for (const u of urls) expect((await fetchMedia(u)).status).toBe(403);
    expect((await fetch(segment)).status).toBe(403);
  });

  it('a VOD URL issued before logout is refused after it', async () => {
    const user = await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD);
    const res = await t.post(`${contract.vod.playSource.path}?token=${user.token}`, { metaId: 'm-001' });
    expect(res.body.errCode, res.body.errMsg).toBe(0);
    const { url } = res.body.data as { url: string };
    expect((await fetchMedia(url)).status).toBe(200);
    expect((await t.post(contract.account.logout.path, {}, bearer(user.token))).body.errCode).toBe(0);
    t.advance(1_000);
    expect((await fetchMedia(url)).status).toBe(403);
  });

  it("another session's URLs keep working", async () => {
    const a = bearer((await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD)).token);
    const b = bearer((await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD)).token);
    const fromB = await playSource(b);
    expect((await t.post(contract.account.logout.path, {}, a)).body.errCode).toBe(0);
    expect((await fetchMedia(fromB.url)).status).toBe(200);
  });

  it('a token naming an unknown session is refused; one without a session is not checked', async () => {
    const exp = t.clock.now / 1000 + 60;
    const ghost = signMediaToken(t.server.config.secret, {
      accountId: 'a',
      resource: 'live/ch1',
      kind: 'live',
      exp,
      sessionId: 'no-such-session',
    });
    expect((await fetchMedia(`/media/live/ch1/master.m3u8?token=${ghost}`)).status).toBe(403);
    const plain = signMediaToken(t.server.config.secret, {
      accountId: '',
      resource: 'live/ch1',
      kind: 'live',
      exp,
    });
    expect((await fetchMedia(`/media/live/ch1/master.m3u8?token=${plain}`)).status).toBe(200);
  });
});
