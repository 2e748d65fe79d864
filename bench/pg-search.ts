/**
 * PostgreSQL's search at 100,000 titles (issue 42, decision 0437; run by hand, never by the tests):
 *
 *   node_modules/.bin/node bench/pg-search.ts [--titles 100000] [--calls 30] [--port 6190]
 *
 * Debian's PostgreSQL on a temporary folder, the product's schema (every migration), --titles catalogue rows and
 * their search rows written by SQL (titles of made-up words, every 50th holding "harbor", people, 500 genres), then
 * the product's own search (`rankedSearch`, the three tiers at once) timed --calls times one after another, first
 * without migration 545's GIN indexes (the baseline: every row's text-search vector computed by each search), then
 * with them. p50 and p99 are printed side by side; the typo's fallback (`Harbr`) with them only (without them each
 * of its ~250 candidates would read every row).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensurePostgres, startPostgres } from '../packages/server/src/cluster/postgres.mjs';
import { rankedSearch } from '../packages/server/src/domain/vod/search.ts';
import { migrate, migrations } from '../packages/server/src/store/migrations.ts';
import { openPgDb } from '../packages/server/src/store/pg/syncPg.ts';

const { values } = parseArgs({
  options: {
    titles: { type: 'string', default: '100000' },
    calls: { type: 'string', default: '30' },
    port: { type: 'string', default: '6190' },
  },
});
const titles = Number(values.titles);
const calls = Number(values.calls);

const SYLLABLES = `ARRAY['ka','lo','mi','ra','te','nu','vo','si','be','do','fa','gu','ha','ji','ko','lu']`;
/** A made-up word of three syllables, the same for the same seed. */
const word = (seed: string) =>
  `(SELECT string_agg((${SYLLABLES})[1 + ((hashtext(${seed} || k::text) & 2147483647) % 16)], '') FROM generate_series(1, 3) k)`;

// The catalogue is written through the synchronous store, whose statements give up after 30 s by default.
process.env.OTTKIT_DATABASE_TIMEOUT_MS ??= '600000';
ensurePostgres();
const dir = mkdtempSync(join(tmpdir(), 'ottkit-bench-pg-search-'));
const pg = startPostgres(join(dir, 'pg'), Number(values.port), { durable: false });
try {
  const db = openPgDb(pg.database('bench'), join(dir, 'ottkit.db'), false);
  migrate(db);
  const run = (text: string) => db.exec(text);
  run(`
INSERT INTO vod_metas (meta_id, meta_type, vod_type, release_year, released_at, rating, popularity, sensitive, asset_id)
  SELECT 'bm-' || i, 'MOVIE', 'movie', 2020, i, 5, i % 100, 0, 'vod1' FROM generate_series(1, ${titles}) i;
INSERT INTO vod_search (meta_id, popularity, sensitive, vod_type, titles, people, genres)
  SELECT 'bm-' || i, i % 100, 0, 'movie',
    ${word("'t1' || i")} || ' ' || ${word("'t2' || i")} || CASE WHEN i % 50 = 0 THEN ' harbor' ELSE '' END,
    ${word("'p1' || i")} || ' ' || ${word("'p2' || i")},
    ${word("'g' || (i % 500)")}
  FROM generate_series(1, ${titles}) i`);
  run('ANALYZE vod_metas');
  run('ANALYZE vod_search');
  const indexed = migrations.find((m) => m.version === 545)?.postgres ?? '';
  const time = async (keyword: string) => {
    const ms: number[] = [];
    for (let i = 0; i < calls; i++) {
      const t0 = performance.now();
      await rankedSearch(db, keyword, { includeSensitive: false }, 1, 10);
      ms.push(performance.now() - t0);
    }
    ms.sort((a, b) => a - b);
    const at = (p: number) =>
      (ms[Math.min(ms.length - 1, Math.floor(ms.length * p))] ?? 0).toFixed(1).padStart(7);
    return `${at(0.5)} ${at(0.99)}`;
  };
  for (const c of ['titles', 'people', 'genres']) run(`DROP INDEX vod_search_${c}_fts`);
  // Without the indexes a typo's look-up reads every row once a candidate (minutes): only the word is timed.
  const before = { word: await time('Harbor'), typo: '      —       —' };
  run(indexed);
  run('ANALYZE vod_search');
  const after = { word: await time('Harbor'), typo: await time('Harbr') };
  console.log(
    `\n${titles} titles on PostgreSQL, ${calls} searches each (ms)   no index p50     p99   GIN p50     p99`,
  );
  console.log(`  search: a title word                          ${before.word}   ${after.word}`);
  console.log(`  search: a typo                                ${before.typo}   ${after.typo}`);
  db.close();
} finally {
  pg.stop('fast');
  rmSync(dir, { recursive: true, force: true });
}
