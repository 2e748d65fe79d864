/**
 * The catalogue at 100,000 titles (issue 42; run by hand, never by the tests):
 *
 *   node_modules/.bin/node bench/catalogue-scale.ts [--titles 100000] [--calls 100] [--port 6180] [--lighthouse]
 *
 * One ottkit process (`serve` with the built site: run the site build first; SQLite, tiny media) on a temporary
 * data folder. First the seeded sample catalogue is measured (the baseline), then the process is stopped, the
 * catalogue generated below is written into its database (90 % films, 10 % episodes of series of 20, people
 * twice the titles, 500 genres, texts in en, es and pt), and the same calls are measured again. Each call is
 * made `--calls` times one after another; p50 and p99 are printed side by side. The goals on the large
 * catalogue: search p99 < 50 ms, a category page p99 < 100 ms, a detail page with more-like-this p99 < 100 ms.
 * With --lighthouse, `vod-lighthouse.ts` audits /home and the detail page measured, on Lighthouse's mobile preset,
 * on each catalogue (the issue: "Lighthouse on /home and a detail page stays 100 on mobile").
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { routes } from '../packages/api-client/src/routes.generated.ts';
import { rebuildSearchIndex } from '../packages/server/src/domain/vod/search.ts';
import { GENRES, HEADS, TAILS, THEMES } from '../packages/server/src/seed/vod/words.ts';
import { VOD_ASSET_IDS } from '../packages/server/src/seed/vod/catalogue.ts';
import { openDb } from '../packages/server/src/store/db.ts';
import { stopChild } from '../packages/server/src/shared/redisServer.ts';
import { postCall, serveBench } from './benchLineup.ts';

const { values } = parseArgs({
  options: {
    titles: { type: 'string', default: '100000' },
    calls: { type: 'string', default: '100' },
    port: { type: 'string', default: '6180' },
    lighthouse: { type: 'boolean', default: false },
  },
});
const titles = Number(values.titles);
const calls = Number(values.calls);
const port = values.port;
const base = `http://127.0.0.1:${port}`;
const SITE = 'site/dist/server/entry.mjs';
const LANGS = ['en', 'es', 'pt'] as const;
const EPISODES_A_SERIES = 20;
const GENRE_COUNT = 500;

/** Syllables that spell a made-up word per number: every generated person and title word is different. */
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ra',
  'te',
  'nu',
  'vo',
  'si',
  'be',
  'da',
  'ge',
  'po',
  'ru',
  'fa',
  'zi',
  'ho',
];
function word(n: number): string {
  let w = '';
  let k = n;
  do {
    w += SYLLABLES[k % SYLLABLES.length];
    k = Math.floor(k / SYLLABLES.length);
  } while (k > 0);
  return w[0]?.toUpperCase() + w.slice(1);
}
const pick = <T>(list: readonly T[], n: number) => list[n % list.length] as T;

/** The name of generated person `n`: two made-up words, different for every person (the bench searches for one). */
const personName = (n: number) => `${word(n + 7)} ${word(n * 31 + 11)}`;

/** Writes the generated catalogue beside the seeded one, in one transaction. */
function generate(dataDir: string) {
  const db = openDb(join(dataDir, 'ottkit.db'));
  const started = performance.now();
  const people = titles * 2;
  db.transaction(() => {
    for (let g = GENRES.length; g < GENRE_COUNT; g++) {
      db.run('INSERT INTO vod_genres (genre_id, seq) VALUES (?, ?)', `bg-${g}`, g);
      for (const l of LANGS)
        db.run(
          'INSERT INTO vod_genre_names (genre_id, lang, name) VALUES (?, ?, ?)',
          `bg-${g}`,
          l,
          `${pick(GENRES, g).names[l]} ${word(g)}`,
        );
    }
    for (let p = 0; p < people; p++) {
      db.run(
        'INSERT INTO vod_people (person_id, name, birth_year, country, known_for) VALUES (?, ?, ?, ?, ?)',
        `bp-${p}`,
        personName(p),
        1940 + (p % 60),
        'US',
        p % 10 === 0 ? 'director' : 'cast',
      );
    }
    const series = Math.round((titles * 0.1) / EPISODES_A_SERIES);
    const films = titles - series * EPISODES_A_SERIES;
    const meta = (
      i: number,
      id: string,
      type: string,
      vodType: string,
      seriesId: string | null,
      ep: number | null,
    ) => {
      db.run(
        `INSERT INTO vod_metas (meta_id, meta_type, vod_type, series_id, season_id, season_no, episode_no, no_season,
          release_year, released_at, rating, duration, imdb_id, tmdb_id, media_quality_list, drm_type, asset_id,
          product_id, sensitive, playback_valid_time, popularity)
         VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, '', '', '1', 'none', ?, NULL, 0, NULL, ?)`,
        id,
        type,
        vodType,
        seriesId,
        ep === null ? null : 1,
        ep,
        ep === null ? 0 : 1,
        1950 + (i % 75),
        Date.UTC(1950 + (i % 75), i % 12, 1 + (i % 28)),
        (i * 7) % 100 === 0 ? null : ((i * 37) % 90) / 10,
        5400,
        type === 'SERIES' ? null : pick(VOD_ASSET_IDS, i),
        (i * 7919) % 100_000,
      );
      const head = pick(HEADS, i);
      const tail = pick(TAILS, Math.floor(i / HEADS.length));
      for (const l of LANGS)
        db.run(
          'INSERT INTO vod_meta_texts (meta_id, lang, title, plot) VALUES (?, ?, ?, ?)',
          id,
          l,
          `${head[l]} ${tail[l]} ${word(i)}`,
          pick(THEMES, i)[l],
        );
      if (type === 'EPISODE') return;
      const genre = (k: number) => (k < GENRES.length ? pick(GENRES, k).id : `bg-${k}`);
      db.run(
        'INSERT INTO vod_meta_genres (meta_id, genre_id, seq) VALUES (?, ?, 0)',
        id,
        genre(i % GENRE_COUNT),
      );
      db.run(
        'INSERT INTO vod_meta_genres (meta_id, genre_id, seq) VALUES (?, ?, 1)',
        id,
        genre((i * 13 + 5) % GENRE_COUNT),
      );
      for (let c = 0; c < 5; c++)
        db.run(
          'INSERT OR IGNORE INTO vod_credits (meta_id, person_id, role, character_name, seq) VALUES (?, ?, ?, ?, ?)',
          id,
          `bp-${(i * 5 + c * 7919) % people}`,
          c === 4 ? 'director' : 'cast',
          '',
          c,
        );
    };
    for (let i = 0; i < films; i++) meta(i, `bm-${i}`, 'MOVIE', i % 10 === 9 ? 'kids' : 'movie', null, null);
    for (let s = 0; s < series; s++) {
      const seriesId = `bs-${s}`;
      meta(films + s, seriesId, 'SERIES', 'series', null, null);
      for (let e = 1; e <= EPISODES_A_SERIES; e++)
        meta(
          films + series + s * EPISODES_A_SERIES + e,
          `${seriesId}-e${e}`,
          'EPISODE',
          'series',
          seriesId,
          e,
        );
    }
  });
  rebuildSearchIndex(db);
  db.exec('ANALYZE');
  db.close();
  console.log(
    `generated ${titles.toLocaleString('en')} titles and ${people.toLocaleString('en')} people in ${Math.round((performance.now() - started) / 1000)} s`,
  );
}

interface Call {
  name: string;
  run: () => Promise<void>;
}

async function page(path: string) {
  const res = await fetch(`${base}${path}`);
  if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`);
  await res.text();
}
async function api(path: string, body: unknown) {
  const a = await postCall(base, path, body);
  if (a.errCode !== 0) throw new Error(`${path}: errCode ${a.errCode}`);
  return a.data;
}

/** The detail page measured: a generated film on the large catalogue, the first seeded one before. */
const detailIdOf = (large: boolean) => (large ? 'bm-4321' : 'm-001');

/** The calls measured: the same names on both catalogues, their arguments from the catalogue measured. */
async function callsFor(large: boolean): Promise<Call[]> {
  const { vod } = routes;
  const root = (await api(vod.playlistRoot.path, { levelType: 1 })) as {
    playlists: { playlistId: string; vodType: string }[];
  };
  const movies = root.playlists.find((p) => p.vodType === 'movie')?.playlistId ?? '';
  const detailId = detailIdOf(large);
  const search = (keyword: string) => () =>
    api(vod.search.path, { keyword, pageId: 1, pageSize: 10 }).then(() => undefined);
  return [
    { name: 'search: a title word', run: search('Harbor') },
    { name: "search: a person's name", run: search(large ? personName(1000) : 'Ana') },
    { name: 'search: a genre', run: search('Comedy') },
    { name: 'search: a typo', run: search('Harbr') },
    {
      name: 'category: first page (API)',
      run: () =>
        api(vod.batchPlaylist.path, { playlistIds: [movies], showListType: 1, pageId: 1, pageSize: 24 }).then(
          () => undefined,
        ),
    },
    {
      name: 'category: page 50 (API)',
      run: () =>
        api(vod.batchPlaylist.path, {
          playlistIds: [movies],
          showListType: 1,
          pageId: 50,
          pageSize: 24,
        }).then(() => undefined),
    },
    {
      name: 'more like this (API)',
      run: async () => {
        // A GET: its arguments in the query.
        const res = await fetch(`${base}${vod.recommendList.path}?metaId=${detailId}&pageSize=16`);
        const a = (await res.json()) as { errCode: number };
        if (a.errCode !== 0) throw new Error(`more like this: errCode ${a.errCode}`);
      },
    },
    { name: 'page /vod/type/movie', run: () => page('/vod/type/movie') },
    { name: `page /vod/detail (more like this)`, run: () => page(`/vod/detail/${detailId}`) },
    { name: 'page /search', run: () => page('/search?keyword=Harbor') },
    { name: 'page /home', run: () => page('/home') },
  ];
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function measure(large: boolean): Promise<Map<string, { p50: number; p99: number }>> {
  const out = new Map<string, { p50: number; p99: number }>();
  for (const c of await callsFor(large)) {
    for (let w = 0; w < 3; w++) await c.run();
    const ms: number[] = [];
    for (let i = 0; i < calls; i++) {
      const t0 = performance.now();
      await c.run();
      ms.push(performance.now() - t0);
    }
    ms.sort((a, b) => a - b);
    out.set(c.name, { p50: pct(ms, 0.5), p99: pct(ms, 0.99) });
  }
  return out;
}

/** Lighthouse's mobile audit of /home and the detail page measured, printed as vod-lighthouse.ts prints it. */
function lighthouse(large: boolean): string {
  if (!values.lighthouse) return '';
  return execFileSync(
    process.execPath,
    ['bench/vod-lighthouse.ts', '--base', base, '--presets', 'mobile', '--detail', detailIdOf(large)],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
}

const dataDir = mkdtempSync(join(tmpdir(), 'ottkit-catalogue-'));
let server: ChildProcess | undefined;
try {
  server = await serveBench(dataDir, port, SITE);
  const seeded = await measure(false);
  const seededAudit = lighthouse(false);
  await stopChild(server);
  generate(dataDir);
  server = await serveBench(dataDir, port, SITE);
  const large = await measure(true);
  const largeAudit = lighthouse(true);
  const f = (n: number) => n.toFixed(1).padStart(7);
  console.log(`\n${calls} calls each, one at a time (ms)   seeded p50     p99   ${titles} p50     p99`);
  for (const [name, s] of seeded) {
    const l = large.get(name) ?? { p50: NaN, p99: NaN };
    console.log(`  ${name.padEnd(34)} ${f(s.p50)} ${f(s.p99)}   ${f(l.p50)} ${f(l.p99)}`);
  }
  if (values.lighthouse) console.log(`\nSeeded catalogue:\n${seededAudit}\n${titles} titles:\n${largeAudit}`);
} finally {
  if (server) await stopChild(server);
  rmSync(dataDir, { recursive: true, force: true });
}
