import type { Migration } from '../migrations.ts';

/**
 * Top searches count people, not requests (issue 21.10, docs/decisions/0130): one row per keyword and
 * account. Versions 125-129: this runs before the VOD tables (200) on a fresh database, so it touches only
 * its own table and accounts.
 */
export const searchMigrations: Migration[] = [
  {
    version: 125,
    name: 'search votes',
    sql: `
CREATE TABLE vod_search_votes (
  keyword TEXT NOT NULL,
  account_id TEXT NOT NULL REFERENCES accounts(account_id) ON DELETE CASCADE,
  voted_at BIGINT NOT NULL,
  PRIMARY KEY (keyword, account_id)
);
CREATE INDEX vod_search_votes_account ON vod_search_votes(account_id, voted_at);
CREATE INDEX vod_search_votes_recent ON vod_search_votes(voted_at);
`,
  },
];
