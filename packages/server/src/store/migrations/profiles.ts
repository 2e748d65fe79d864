import type { Migration } from '../migrations.ts';

/**
 * Profiles and the parental PIN (issue 20 §2, versions 460-464, decision 0285). An account has up to five
 * profiles; its first (default) profile's id is the account id itself, so every existing account gets one
 * without a lookup and every existing favourite, history entry, resume point and reminder moves to it. The
 * per-viewer tables are rebuilt with `profile_id` in their key (SQLite cannot change a primary key in place);
 * `account_id` stays on them for the account's cascade and the console's view of a subscriber's plays.
 */
const rebuild = (table: string, columns: string, key: string, copy: string, indexes = '') => `
CREATE TABLE ${table}_p (
  profile_id TEXT NOT NULL REFERENCES profiles(profile_id) ON DELETE CASCADE,
  ${columns},
  PRIMARY KEY (profile_id, ${key})
);
INSERT INTO ${table}_p (profile_id, ${copy}) SELECT account_id, ${copy} FROM ${table};
DROP TABLE ${table};
ALTER TABLE ${table}_p RENAME TO ${table};
${indexes}`;

export const profileMigrations: Migration[] = [
  {
    version: 460,
    name: 'profiles and parental pin',
    sql: `
CREATE TABLE profiles (
  profile_id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(account_id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  avatar TEXT NOT NULL,
  lang TEXT NOT NULL,
  kids INTEGER NOT NULL DEFAULT 0,
  max_rating TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX profiles_account ON profiles(account_id, created_at);
INSERT INTO profiles (profile_id, account_id, name, avatar, lang, kids, max_rating, created_at)
  SELECT account_id, account_id, account_name, 'sun', 'en', 0, '18', created_at FROM accounts;
CREATE TABLE session_profiles (
  session_id TEXT PRIMARY KEY REFERENCES sessions(session_id) ON DELETE CASCADE,
  profile_id TEXT NOT NULL REFERENCES profiles(profile_id) ON DELETE CASCADE,
  chosen_at BIGINT NOT NULL
);
CREATE TABLE parental_pins (
  account_id TEXT PRIMARY KEY REFERENCES accounts(account_id) ON DELETE CASCADE,
  pin_hash TEXT NOT NULL,
  updated_at BIGINT NOT NULL
);
${rebuild(
  'favorite_channels',
  `account_id TEXT NOT NULL REFERENCES accounts(account_id) ON DELETE CASCADE,
  logical_channel_id TEXT NOT NULL REFERENCES channels(logical_channel_id) ON DELETE CASCADE,
  update_time BIGINT NOT NULL`,
  'logical_channel_id',
  'account_id, logical_channel_id, update_time',
)}
${rebuild(
  'play_history',
  `account_id TEXT NOT NULL REFERENCES accounts(account_id) ON DELETE CASCADE,
  logical_channel_id TEXT NOT NULL REFERENCES channels(logical_channel_id) ON DELETE CASCADE,
  program_id TEXT NOT NULL,
  play_type TEXT NOT NULL CHECK (play_type IN ('live', 'catchup')),
  play_time BIGINT NOT NULL,
  duration BIGINT NOT NULL`,
  'logical_channel_id',
  'account_id, logical_channel_id, program_id, play_type, play_time, duration',
  'CREATE INDEX play_history_time ON play_history(play_time);\nCREATE INDEX play_history_account ON play_history(account_id);',
)}
${rebuild(
  'program_subscriptions',
  `account_id TEXT NOT NULL REFERENCES accounts(account_id) ON DELETE CASCADE,
  program_id TEXT NOT NULL,
  logical_channel_id TEXT NOT NULL REFERENCES channels(logical_channel_id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL`,
  'program_id',
  'account_id, program_id, logical_channel_id, created_at',
  'CREATE INDEX program_subscriptions_program ON program_subscriptions(program_id);',
)}
${rebuild(
  'vod_favorites',
  `account_id TEXT NOT NULL REFERENCES accounts(account_id) ON DELETE CASCADE,
  meta_id TEXT NOT NULL REFERENCES vod_metas(meta_id) ON DELETE CASCADE,
  favored_at BIGINT NOT NULL`,
  'meta_id',
  'account_id, meta_id, favored_at',
  'CREATE INDEX vod_favorites_recent ON vod_favorites(profile_id, favored_at);',
)}
${rebuild(
  'vod_history',
  `account_id TEXT NOT NULL REFERENCES accounts(account_id) ON DELETE CASCADE,
  meta_id TEXT NOT NULL REFERENCES vod_metas(meta_id) ON DELETE CASCADE,
  entry_id TEXT NOT NULL,
  video_type TEXT NOT NULL,
  season_no INTEGER,
  episode_no INTEGER,
  played INTEGER NOT NULL DEFAULT 0,
  played_time REAL NOT NULL DEFAULT 0,
  play_progress REAL NOT NULL DEFAULT 0,
  total_duration REAL NOT NULL DEFAULT 0,
  updated_at BIGINT NOT NULL`,
  'meta_id',
  'account_id, meta_id, entry_id, video_type, season_no, episode_no, played, played_time, play_progress, total_duration, updated_at',
  'CREATE INDEX vod_history_recent ON vod_history(profile_id, updated_at);\nCREATE INDEX vod_history_entry ON vod_history(profile_id, entry_id);\nCREATE INDEX vod_history_account ON vod_history(account_id, entry_id);',
)}
`,
  },
  {
    version: 461,
    name: 'title age ratings',
    // Titles' age rating on the AGE_RATINGS scale (decision 0286); programmes already keep XMLTV's
    // <rating><value> (version 302) and are mapped onto the scale when read.
    sql: `
ALTER TABLE vod_metas ADD COLUMN age_rating TEXT;
`,
  },
  {
    version: 462,
    name: 'console title age ratings',
    // The console keeps a draft's rating and writes it to the catalogue at publish (decision 0286).
    sql: 'ALTER TABLE console_titles ADD COLUMN age_rating TEXT;',
  },
  {
    version: 463,
    name: 'scan code approving profile',
    // A box logged in by QR approval starts on the approving session's profile: a kids profile stays kids (issue 35).
    sql: 'ALTER TABLE scan_codes ADD COLUMN approved_profile TEXT;',
  },
];
