import { type ConsoleTitle, titleCreate, titleGet, titleUpdate } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiAnswer, startServer, type TestServer } from './helpers.ts';
import { type SignedIn, signInOperator } from './operatorHelpers.ts';

// Issue 20 §2: a title's age rating is edited where titles are edited (the console), kept on the draft and,
// once the title is in the catalogue, written there at once.
let t: TestServer;
let editor: SignedIn;
beforeAll(async () => {
  t = await startServer();
  editor = await signInOperator(t, 'rating-editor@ottkit.test', 'editor');
});
afterAll(() => t?.close());

const as = () => ({ cookie: editor.cookie });
const title = (a: ApiAnswer) => {
  expect(a.body.errMsg).toBe('success');
  return (a.body.data as { title: ConsoleTitle }).title;
};
const form = { vodType: 'movie', releaseYear: 2026, en: { title: 'Night Shift', plot: 'Late.' } };

describe('a console title’s age rating', () => {
  it('is set on create, changed on update, refused off the scale, and reaches the catalogue', async () => {
    const made = title(await t.post(titleCreate.path, { ...form, ageRating: '16' }, as()));
    expect(made.ageRating).toBe('16');
    const bad = await t.post(titleUpdate.path, { ...form, metaId: made.metaId, ageRating: 'R' }, as());
    expect(bad.body.errCode).not.toBe(0);
    // As publish leaves it: the title's row in the catalogue (the rest of publish is operator-titles.test.ts).
    t.server.db.run(
      "INSERT INTO vod_metas (meta_id, meta_type, vod_type, release_year, released_at) VALUES (?, 'MOVIE', 'movie', 2026, 0)",
      made.metaId,
    );
    const changed = title(
      await t.post(titleUpdate.path, { ...form, metaId: made.metaId, ageRating: '18' }, as()),
    );
    expect(changed.ageRating).toBe('18');
    const got = await t.get(`${titleGet.path}?metaId=${made.metaId}`, as());
    expect((got.body.data as { title: ConsoleTitle }).title.ageRating).toBe('18');
    expect(
      t.server.db.get<{ age_rating: string }>(
        'SELECT age_rating FROM vod_metas WHERE meta_id = ?',
        made.metaId,
      )?.age_rating,
    ).toBe('18');
  });
});
