import { contract, ErrCode } from '@ottkit/api-client';
import {
  type ConsoleTitle,
  titleCreate,
  titleCredits,
  titleCreditsSave,
  titlePublish,
} from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atomically } from '../src/store/kysely/atomically.ts';
import { titleAssetStatements } from '../src/operator/titles.ts';
import { startServer, type TestServer } from './helpers.ts';
import { type SignedIn, signInOperator } from './operatorHelpers.ts';
import { loginToken, vodData } from './vodHelpers.ts';

// Issue 18 §4 (decision 0238): an editor attaches cast, directors and genres to a title, picking existing names
// or new ones; published, the title page shows them and search by genre finds the title; every save audited.
let t: TestServer;
let editor: SignedIn;
let support: SignedIn;
let viewer: string;
beforeAll(async () => {
  t = await startServer();
  editor = await signInOperator(t, 'credits-editor@ottkit.test', 'editor');
  support = await signInOperator(t, 'credits-support@ottkit.test', 'support');
  viewer = await loginToken(t, 'demo@ottkit.test');
});
afterAll(() => t.close());
const as = (who: SignedIn) => ({ cookie: who.cookie });

describe('people and genres of a console title', () => {
  it('saves names, matches existing people and genres, shows them on the title and finds it by genre', async () => {
    const made = await t.post(
      titleCreate.path,
      { vodType: 'movie', releaseYear: 2025, en: { title: 'Harbour Lights', plot: 'Boats at night.' } },
      as(editor),
    );
    const metaId = (made.body.data as { title: ConsoleTitle }).title.metaId;
    const db = t.server.db;
    const existingGenre = db.get<{ genre_id: string; name: string }>(
      "SELECT genre_id, name FROM vod_genre_names WHERE lang = 'en' ORDER BY genre_id LIMIT 1",
    )!;
    const existingPerson = db.get<{ person_id: string; name: string }>(
      'SELECT person_id, name FROM vod_people ORDER BY person_id LIMIT 1',
    )!;

    const picker = await t.get(`${titleCredits.path}?metaId=${metaId}`, as(support));
    const names = titleCredits.response.parse(picker.body.data);
    expect(names.credits).toEqual({ cast: [], directors: [], genres: [] });
    expect(names.genres).toContain(existingGenre.name);
    expect(names.people).toContain(existingPerson.name);

    const form = {
      cast: [existingPerson.name.toUpperCase(), 'Ada Quayside'],
      directors: ['Noor Harbourmaster'],
      genres: [existingGenre.name, 'Maritime Noir'],
    };
    expect((await t.post(titleCreditsSave.path, { metaId, ...form }, as(support))).status).toBe(403);
    const saved = await t.post(titleCreditsSave.path, { metaId, ...form }, as(editor));
    expect(titleCreditsSave.response.parse(saved.body.data).credits).toEqual(form);
    const audit = db.get<{ before_json: string; after_json: string }>(
      "SELECT before_json, after_json FROM operator_audit WHERE action = 'title.credits' AND target = ?",
      metaId,
    )!;
    expect(JSON.parse(audit.before_json)).toEqual({ cast: [], directors: [], genres: [] });
    expect(JSON.parse(audit.after_json)).toEqual(form);
    // A draft's names stay out of the catalogue.
    expect(db.get('SELECT 1 FROM vod_people WHERE name = ?', 'Ada Quayside')).toBeUndefined();

    await atomically(
      db,
      titleAssetStatements(db, metaId, { assetId: 'a-test', durationSec: 5, qualities: [1] }, t.clock.now),
    );
    expect((await t.post(titlePublish.path, { metaId }, as(editor))).body.errCode).toBe(0);
    const detail = await vodData(t, contract.vod.detail, { metaId }, viewer);
    expect(detail.credits.map((c) => [c.role, c.name])).toEqual([
      ['cast', existingPerson.name],
      ['cast', 'Ada Quayside'],
      ['director', 'Noor Harbourmaster'],
    ]);
    expect(detail.credits[0]!.personId).toBe(existingPerson.person_id);
    expect(detail.genres.map((g) => g.name)).toEqual([existingGenre.name, 'Maritime Noir']);

    const found = await vodData(t, contract.vod.search, { keyword: 'Maritime Noir' }, viewer);
    expect(found.list.map((c) => [c.metaId, c.matchedOn])).toEqual([[metaId, 'genre']]);

    // Changing a published title's genres changes the catalogue and the search at once.
    await t.post(titleCreditsSave.path, { metaId, ...form, genres: ['Harbour Jazz'] }, as(editor));
    expect((await vodData(t, contract.vod.detail, { metaId }, viewer)).genres.map((g) => g.name)).toEqual([
      'Harbour Jazz',
    ]);
    expect((await vodData(t, contract.vod.search, { keyword: 'Harbour Jazz' }, viewer)).list[0]?.metaId).toBe(
      metaId,
    );
  });

  it('refuses a name twice or an empty name with field errors, and an unknown title', async () => {
    const twice = await t.post(
      titleCreditsSave.path,
      { metaId: 'm-none', cast: ['A', 'a'], directors: [''], genres: [] },
      as(editor),
    );
    expect([twice.status, twice.body.errCode]).toEqual([400, ErrCode.INVALID_REQUEST]);
    const none = await t.post(
      titleCreditsSave.path,
      { metaId: 'm-none', cast: [], directors: [], genres: [] },
      as(editor),
    );
    expect(none.status).toBe(404);
  });
});
