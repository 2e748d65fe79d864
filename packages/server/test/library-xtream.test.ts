import { contract } from '@ottkit/api-client';
import {
  type AuditEntry,
  type ConsoleTitle,
  type Job,
  type Library,
  OperatorErrCode,
} from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './helpers.ts';
import { finished, searched, startLibraryServer, titleNamed as titleOf } from './libraryHelpers.ts';
import type { SignedIn } from './operatorHelpers.ts';
import { parseM3u8 } from './origin-fixture.ts';
import { loginToken, vodData } from './vodHelpers.ts';
import { PANEL_ACCOUNT, startXtreamPanel, type XtreamPanel } from './xtreamPanel.ts';

// Issue 42 (decision 0435): the films and series of the Xtream Codes account a line-up source reads, brought in
// as a library from a panel on loopback: categories, plots, cast, seasons and episodes; a film in MP4 transcoded
// from the panel through the pull relay, an episode in HLS played from it through the origin; the account's
// password shown nowhere; a second import keeps every title (the panel's ids).

let t: TestServer;
let editor: SignedIn;
let admin: SignedIn;
let close: () => Promise<void>;
let panel: XtreamPanel;
let base: string;
const { user: USER, password: PASSWORD } = PANEL_ACCOUNT;

beforeAll(async () => {
  panel = await startXtreamPanel();
  base = panel.base;
  ({ t, editor, admin, close } = await startLibraryServer());
}, 120_000);
afterAll(async () => {
  await close?.();
  await panel?.close();
});

const call = (path: string, body: object, who: SignedIn = editor) =>
  t.post(path, body, { cookie: who.cookie });
const P = '/admin/api/libraries/';

const titleNamed = (name: string) => titleOf(t, editor, name);

describe("an Xtream Codes account's films and series", () => {
  it('are named a library after the line-up source of the account; an unknown source is refused in words', async () => {
    const source = await call('/admin/api/sources/add', {
      name: 'Panel',
      kind: 'xtream',
      url: base,
      user: USER,
      password: PASSWORD,
    });
    expect(source.body.errCode).toBe(0);
    const unknown = await call(`${P}add`, { name: 'Nope', xtream: 'Elsewhere' });
    expect(unknown.body).toMatchObject({
      errCode: OperatorErrCode.NOT_FOUND,
      errMsg: 'No Xtream Codes line-up source named Elsewhere: add the account in Sources.',
    });
    const add = await call(`${P}add`, { name: 'Panel films', xtream: 'Panel', publish: true, lang: 'es' });
    expect((add.body.data as { library: Library }).library).toMatchObject({
      folder: '',
      feed: '',
      xtream: 'Panel',
    });
  });

  it('previews the films and episodes by the panel’s ids', async () => {
    const preview = await call(`${P}preview`, { name: 'Panel films' });
    expect(preview.body.data).toMatchObject({
      added: [
        { path: 'episode/701', title: 'Night Ferry S1E1 Departure', from: 'xtream' },
        { path: 'movie/101', title: 'The Quiet Pier (2018)', from: 'xtream' },
      ],
      unreadable: [],
    });
  });

  it('imports them: the MP4 film transcoded from the panel, the HLS episode played from it; both found and played', async () => {
    const started = await call(`${P}import`, { name: 'Panel films' });
    const job = await finished(t, editor, (started.body.data as { job: Job }).job);
    expect(job.error).toBe('');
    expect(job.message).toBe(
      'Added 1 film and 1 episode, 0 changed, 0 titles taken out, 1 played from the panel, 1 transcoded, 2 published, 2 pictures brought in, 1 picture not read',
    );
    const film = await titleNamed('Quiet Pier');
    expect(film).toMatchObject({ status: 'published', releaseYear: 2018, job: { status: 'succeeded' } });
    // The film's icon and the series' cover are their posters; the backdrop that answers 404 is left drawn.
    expect(film?.artwork).toEqual(['poster']);
    expect((await titleNamed('Night Ferry'))?.artwork).toEqual(['poster']);
    const episode = (
      (
        await t.get(`/admin/api/titles/parts?metaId=${(await titleNamed('Night Ferry'))?.metaId}`, {
          cookie: editor.cookie,
        })
      ).body.data as { parts: ConsoleTitle[] }
    ).parts.find((p) => p.metaType === 'EPISODE');
    // The account's password is never shown: the episode's address is masked.
    expect(episode?.remoteVideo).toBe(`${base}/series/${USER}/***/701.m3u8`);

    // Found by an actor of the film's info, in the library's language (Spanish).
    expect(await searched(t, 'Alcántara')).toContain('The Quiet Pier');

    const token = await loginToken(t);
    for (const metaId of [film?.metaId, episode?.metaId]) {
      const play = await vodData(t, contract.vod.playSource, { metaId }, token);
      const master = new URL(play.url, t.url);
      const text = await (await fetch(master)).text();
      expect(text).not.toContain(PASSWORD);
      const m = parseM3u8(text);
      const media = m.playlists?.[0]?.uri ? new URL(m.playlists[0].uri, master) : master;
      const list = m.playlists?.[0]?.uri ? parseM3u8(await (await fetch(media)).text()) : m;
      const first = new URL(list.segments[0]?.uri as string, media);
      expect((await fetch(first)).status).toBe(200);
    }
  }, 120_000);

  it('keeps every title on a second import (the panel’s ids), and shows the password nowhere', async () => {
    const before = [(await titleNamed('Quiet Pier'))?.metaId, (await titleNamed('Night Ferry'))?.metaId];
    const again = await finished(
      t,
      editor,
      ((await call(`${P}import`, { name: 'Panel films' })).body.data as { job: Job }).job,
    );
    expect(again.message).toBe('Added 0 films and 0 episodes, 0 changed, 0 titles taken out');
    expect([(await titleNamed('Quiet Pier'))?.metaId, (await titleNamed('Night Ferry'))?.metaId]).toEqual(
      before,
    );
    const seen = [
      await t.get(`${P}list`, { cookie: editor.cookie }),
      await t.get('/admin/api/jobs/list', { cookie: editor.cookie }),
      await t.get('/admin/api/audit/list?action=library.', { cookie: admin.cookie }),
    ].map((r) => JSON.stringify(r.body));
    for (const text of seen) expect(text).not.toContain(PASSWORD);
    const audit = JSON.parse(seen[2] as string).data.entries as AuditEntry[];
    expect(audit.filter((e) => e.action === 'library.import').map((e) => e.target)).toEqual([
      'xtream:Panel',
      'xtream:Panel',
    ]);
  });
});
