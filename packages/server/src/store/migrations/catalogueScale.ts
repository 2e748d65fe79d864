import type { Migration } from '../migrations.ts';

// A catalogue of 100,000 titles (issue 42, decision 0420): a category's page walks an index in its own order and
// stops at the page, and its count reads only the index, instead of sorting every listed title each call. Only
// the titles a list can show are indexed (films, audio items and series: `domain/vod/rules.ts`' TOP_LEVEL), so
// the condition is written the same way here and there.
export const catalogueScaleMigrations: Migration[] = [
  {
    version: 533,
    name: 'listing-indexes',
    sql: `
CREATE INDEX vod_metas_listed_type ON vod_metas(vod_type, sensitive, released_at DESC, meta_id) WHERE meta_type IN ('MOVIE', 'SERIES');
CREATE INDEX vod_metas_listed_newest ON vod_metas(sensitive, released_at DESC, meta_id) WHERE meta_type IN ('MOVIE', 'SERIES');
CREATE INDEX vod_metas_listed_rated ON vod_metas(sensitive, rating DESC, popularity DESC, meta_id) WHERE meta_type IN ('MOVIE', 'SERIES');
`,
  },
];
