import { describe, expect, it } from 'vitest';
import { guessFromName } from './fileName.ts';
import { readJsonSidecar, readNfo, SIDECAR_MAX_BYTES } from './sidecar.ts';

describe('Kodi .nfo', () => {
  it('reads a film, a series and an episode, the texts in the library language', () => {
    const film = readNfo(
      `<?xml version="1.0" encoding="UTF-8"?><movie><title> The  Harbor </title><plot>Boats.</plot><premiered>2019-05-01</premiered>
       <genre>Drama</genre><genre>Drama</genre><genre>Sea</genre><actor><name>Ana Harborne</name><role>Captain</role></actor>
       <director>Luis Mar</director><mpaa>PG-13</mpaa></movie>`,
      'es',
    );
    expect(film).toEqual({
      ok: true,
      meta: {
        kind: 'movie',
        titles: { es: 'The Harbor' },
        plots: { es: 'Boats.' },
        year: 2019,
        genres: ['Drama', 'Sea'],
        cast: ['Ana Harborne'],
        directors: ['Luis Mar'],
        rating: 'PG-13',
      },
    });
    expect(readNfo('<tvshow><title>Night Watch</title></tvshow>', 'en')).toMatchObject({
      ok: true,
      meta: { kind: 'series', titles: { en: 'Night Watch' } },
    });
    expect(
      readNfo(
        '<episodedetails><title>The Tower</title><showtitle>Night Watch</showtitle><season>1</season><episode>2</episode></episodedetails>',
        'en',
      ),
    ).toMatchObject({ ok: true, meta: { kind: 'episode', series: 'Night Watch', season: 1, episode: 2 } });
  });

  it('says why it cannot read one', () => {
    expect(readNfo('<movie><title>x</movie>', 'en')).toEqual({
      ok: false,
      reason: 'the .nfo file is not well-formed XML (line 1, column 23)',
    });
    expect(readNfo('<album><title>x</title></album>', 'en')).toEqual({
      ok: false,
      reason: 'the .nfo file is not a <movie>, <tvshow> or <episodedetails>',
    });
    expect(readNfo('<movie><plot>no title</plot></movie>', 'en')).toEqual({
      ok: false,
      reason: 'it gives no title',
    });
    expect(readNfo('<episodedetails><title>t</title></episodedetails>', 'en')).toEqual({
      ok: false,
      reason: 'an episode needs its season and episode numbers',
    });
    expect(readNfo(`<movie><title>${'x'.repeat(SIDECAR_MAX_BYTES)}</title></movie>`, 'en')).toMatchObject({
      ok: false,
    });
  });
});

describe('JSON sidecar', () => {
  it('reads texts per language, a plain text as the library language, and leaves unknown languages out', () => {
    expect(
      readJsonSidecar(
        JSON.stringify({
          type: 'movie',
          title: { en: 'Harbor', es: 'Puerto', fr: 'Port' },
          plot: 'Boats',
          year: '2019',
          cast: ['A'],
        }),
        'pt',
      ),
    ).toEqual({
      ok: true,
      meta: {
        kind: 'movie',
        titles: { en: 'Harbor', es: 'Puerto' },
        plots: { pt: 'Boats' },
        year: 2019,
        genres: [],
        cast: ['A'],
        directors: [],
      },
    });
  });

  it('says why it cannot read one', () => {
    expect(readJsonSidecar('{', 'en')).toEqual({ ok: false, reason: 'the .json file is not JSON' });
    expect(readJsonSidecar('{"type":"film","title":"x"}', 'en')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^the \.json file's type: /),
    });
    expect(readJsonSidecar('{"type":"movie","title":{"fr":"x"}}', 'en')).toEqual({
      ok: false,
      reason: 'it gives no title',
    });
  });
});

describe('file names', () => {
  it('reads a film with its year, release names, and episodes with or without a series in the name', () => {
    expect(guessFromName('The Harbor (2019).mkv')).toEqual({
      kind: 'movie',
      title: 'The Harbor',
      year: 2019,
    });
    expect(guessFromName('Plain.Title.2004.1080p.BluRay.x264.mkv')).toEqual({
      kind: 'movie',
      title: 'Plain Title',
      year: 2004,
    });
    expect(guessFromName('Untitled.mp4')).toEqual({ kind: 'movie', title: 'Untitled' });
    expect(guessFromName('Night Watch - S01E02 - The Tower.mkv')).toEqual({
      kind: 'episode',
      title: 'The Tower',
      series: 'Night Watch',
      season: 1,
      episode: 2,
    });
    expect(guessFromName('s02e10.mkv', ['Night Watch', 'Season 2'])).toEqual({
      kind: 'episode',
      title: 'Night Watch S02E10',
      series: 'Night Watch',
      season: 2,
      episode: 10,
    });
  });
});
