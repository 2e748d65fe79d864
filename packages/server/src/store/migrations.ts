import type { Db } from './db.ts';
import { hardeningMigrations } from './migrations/hardening.ts';
import { liveMigrations } from './migrations/live.ts';
import { liveSourceMigrations } from './migrations/liveSources.ts';
import { messageMigrations } from './migrations/message.ts';
import { searchMigrations } from './migrations/search.ts';
import { nameMigrations } from './migrations/names.ts';
import { operatorMigrations } from './migrations/operator.ts';
import { sourceMigrations } from './migrations/sources.ts';
import { telemetryMigrations } from './migrations/telemetry.ts';
import { vodMigrations } from './migrations/vod.ts';
import { consoleNoticeMigrations } from './migrations/consoleNotices.ts';
import { titleCreditMigrations } from './migrations/titleCredits.ts';
import { titleMigrations } from './migrations/titles.ts';
import { commerceMigrations } from './migrations/commerce.ts';
import { titleEpisodeMigrations } from './migrations/titleEpisodes.ts';
import { consoleJobMigrations } from './migrations/consoleJobs.ts';
import { profileMigrations } from './migrations/profiles.ts';
import { clusterOpsMigrations } from './migrations/clusterOps.ts';
import { jobResumeMigrations } from './migrations/jobResume.ts';
import { drawnLogoMigrations } from './migrations/drawnLogos.ts';
import { guideScaleMigrations } from './migrations/guideScale.ts';
import { servedAtScaleMigrations } from './migrations/servedAtScale.ts';
import { catalogueScaleMigrations } from './migrations/catalogueScale.ts';
import { libraryMigrations } from './migrations/library.ts';
import { concurrentWriteMigrations } from './migrations/concurrentWrites.ts';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** What PostgreSQL runs instead of `sql`, where the change is PostgreSQL's own (decision 0432). */
  postgres?: string;
}

/**
 * Versioned schema changes, applied in order, each once, in one transaction. Append only: never edit a
 * migration that has shipped, add a new one. Types are ones PostgreSQL also knows (TEXT, INTEGER, BIGINT);
 * booleans are INTEGER 0/1, JSON-ish lists get their own tables.
 */
export const migrations: Migration[] = [
  {
    version: 1,
    name: 'channels',
    sql: `
CREATE TABLE channel_columns (
  column_id TEXT PRIMARY KEY,
  column_name TEXT NOT NULL,
  column_seq INTEGER NOT NULL
);
CREATE TABLE channels (
  logical_channel_id TEXT PRIMARY KEY,
  logical_channel_name TEXT NOT NULL,
  channel_seq INTEGER NOT NULL,
  channel_id TEXT NOT NULL,
  channel_type INTEGER NOT NULL,
  source_type INTEGER NOT NULL,
  icon_url TEXT NOT NULL,
  can_play_back INTEGER NOT NULL,
  playback_duration INTEGER NOT NULL,
  epg_id TEXT NOT NULL,
  live_stream_id TEXT NOT NULL,
  drm_type TEXT NOT NULL,
  product_id TEXT NOT NULL,
  updated_at BIGINT NOT NULL
);
CREATE TABLE channel_column_members (
  logical_channel_id TEXT NOT NULL REFERENCES channels(logical_channel_id) ON DELETE CASCADE,
  column_id TEXT NOT NULL REFERENCES channel_columns(column_id) ON DELETE CASCADE,
  PRIMARY KEY (logical_channel_id, column_id)
);
CREATE TABLE channel_audio_posters (
  logical_channel_id TEXT NOT NULL REFERENCES channels(logical_channel_id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  url TEXT NOT NULL,
  PRIMARY KEY (logical_channel_id, seq)
);
CREATE TABLE physical_channels (
  channel_id TEXT PRIMARY KEY,
  logical_channel_id TEXT NOT NULL REFERENCES channels(logical_channel_id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  live_stream_id TEXT NOT NULL,
  dvr_stream_id TEXT NOT NULL,
  stream_id TEXT NOT NULL,
  content_id TEXT NOT NULL,
  dvr_content_id TEXT NOT NULL,
  drm_type TEXT NOT NULL,
  resolution TEXT NOT NULL,
  safari_live_stream_id TEXT,
  safari_dvr_stream_id TEXT
);
CREATE INDEX physical_channels_logical ON physical_channels(logical_channel_id);
CREATE TABLE channel_content_rules (
  logical_channel_id TEXT NOT NULL REFERENCES channels(logical_channel_id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  rule_category TEXT NOT NULL CHECK (rule_category IN ('basic', 'except')),
  action TEXT NOT NULL CHECK (action IN ('allow', 'deny')),
  rule_type TEXT NOT NULL CHECK (rule_type IN ('ip', 'mac', 'region', 'account')),
  rule_value TEXT NOT NULL,
  PRIMARY KEY (logical_channel_id, seq)
);
CREATE TABLE app_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`,
  },
  {
    version: 2,
    name: 'accounts',
    sql: `
CREATE TABLE accounts (
  account_id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('user', 'guest')),
  virtual_code TEXT NOT NULL UNIQUE,
  email TEXT UNIQUE,
  phone_pre_code TEXT,
  phone TEXT,
  phone_key TEXT UNIQUE,
  account_name TEXT NOT NULL,
  password_hash TEXT,
  login_method INTEGER NOT NULL,
  country TEXT NOT NULL,
  device_id TEXT,
  free_trial_status TEXT NOT NULL,
  free_trial_ends_at BIGINT,
  recharged INTEGER NOT NULL DEFAULT 0,
  member_site_purchase INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL
);
CREATE TABLE subscriptions (
  account_id TEXT NOT NULL REFERENCES accounts(account_id) ON DELETE CASCADE,
  product_id TEXT NOT NULL,
  expired_ts BIGINT NOT NULL,
  PRIMARY KEY (account_id, product_id)
);
CREATE TABLE sessions (
  session_id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(account_id) ON DELETE CASCADE,
  login_method INTEGER NOT NULL,
  device_id TEXT,
  client_ip TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  revoked_at BIGINT,
  revoke_reason TEXT
);
CREATE INDEX sessions_account ON sessions(account_id);
CREATE TABLE access_tokens (
  token_hash TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions(session_id) ON DELETE CASCADE,
  expires_at BIGINT NOT NULL
);
CREATE INDEX access_tokens_session ON access_tokens(session_id);
CREATE TABLE refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions(session_id) ON DELETE CASCADE,
  generation INTEGER NOT NULL,
  expires_at BIGINT NOT NULL,
  used_at BIGINT
);
CREATE INDEX refresh_tokens_session ON refresh_tokens(session_id);
CREATE TABLE verification_codes (
  address TEXT NOT NULL,
  purpose TEXT NOT NULL,
  authentication_key TEXT NOT NULL UNIQUE,
  code_hash TEXT NOT NULL,
  sent_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  failed_attempts INTEGER NOT NULL DEFAULT 0,
  used_at BIGINT,
  PRIMARY KEY (address, purpose)
);
CREATE TABLE outbox (
  seq INTEGER PRIMARY KEY,
  channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  delivered_at BIGINT
);
CREATE TABLE attempt_limits (
  limit_key TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  last_failure_at BIGINT NOT NULL,
  locked_until BIGINT NOT NULL
);
CREATE TABLE plans (
  plan_id TEXT PRIMARY KEY,
  seq INTEGER NOT NULL,
  url TEXT NOT NULL,
  price TEXT NOT NULL,
  currency TEXT NOT NULL,
  discount_price TEXT NOT NULL,
  discount_currency TEXT NOT NULL,
  product_id TEXT NOT NULL,
  duration_days INTEGER NOT NULL
);
CREATE TABLE plan_langs (
  plan_id TEXT NOT NULL REFERENCES plans(plan_id) ON DELETE CASCADE,
  lang TEXT NOT NULL,
  plan_name TEXT NOT NULL,
  description TEXT NOT NULL,
  PRIMARY KEY (plan_id, lang)
);
CREATE TABLE recharge_codes (
  code_hash TEXT PRIMARY KEY,
  plan_id TEXT NOT NULL REFERENCES plans(plan_id),
  batch_id TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  redeemed_at BIGINT,
  redeemed_by TEXT REFERENCES accounts(account_id)
);
CREATE INDEX recharge_codes_batch ON recharge_codes(batch_id);
CREATE TABLE contracts (
  policy_id TEXT NOT NULL,
  contract_version TEXT NOT NULL,
  seq INTEGER NOT NULL,
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  must_sign INTEGER NOT NULL,
  published_at BIGINT NOT NULL,
  PRIMARY KEY (policy_id, contract_version)
);
CREATE TABLE contract_signatures (
  account_id TEXT NOT NULL REFERENCES accounts(account_id) ON DELETE CASCADE,
  policy_id TEXT NOT NULL,
  contract_version TEXT NOT NULL,
  signed_at BIGINT NOT NULL,
  PRIMARY KEY (account_id, policy_id, contract_version)
);
CREATE TABLE scan_codes (
  scan_code_id TEXT PRIMARY KEY,
  poll_token_hash TEXT NOT NULL,
  device_name TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  approved_by TEXT REFERENCES accounts(account_id) ON DELETE CASCADE,
  approved_at BIGINT,
  consumed_at BIGINT
);
`,
  },
  ...liveMigrations,
  ...vodMigrations,
  ...telemetryMigrations,
  ...messageMigrations,
  ...searchMigrations,
  ...nameMigrations,
  ...hardeningMigrations,
  ...sourceMigrations,
  ...operatorMigrations,
  ...liveSourceMigrations,
  ...consoleNoticeMigrations,
  ...titleMigrations,
  ...commerceMigrations,
  ...titleCreditMigrations,
  ...titleEpisodeMigrations,
  ...consoleJobMigrations,
  ...profileMigrations,
  ...clusterOpsMigrations,
  ...jobResumeMigrations,
  ...drawnLogoMigrations,
  ...guideScaleMigrations,
  ...servedAtScaleMigrations,
  ...catalogueScaleMigrations,
  ...libraryMigrations,
  ...concurrentWriteMigrations,
];

/**
 * Applies every migration not yet recorded, in version order, each in its own transaction. Areas own
 * version ranges (accounts 1-99, live 100+, vod…), so "not recorded" rather than "newer than the highest":
 * a new accounts migration still applies on a database that already has live ones.
 */
export function migrate(db: Db, list: Migration[] = migrations): number[] {
  // A PostgreSQL test database starts as a clone of the run's migrated template (decision 0275): what is left
  // to apply below is then nothing. Only for the full list: a test of its own migrations gets an empty database.
  if (list === migrations) db.adoptMigrated?.();
  // In a write transaction, as each migration below: processes of a cluster starting at once over one PostgreSQL
  // take turns (its DDL replaces a shared function, which PostgreSQL refuses to do twice at the same instant).
  db.transaction(() =>
    db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  applied_at BIGINT NOT NULL
)`),
  );
  const done = new Set(
    db.all<{ version: number }>('SELECT version FROM schema_migrations').map((r) => r.version),
  );
  const applied: number[] = [];
  const seen = new Set<number>();
  for (const m of [...list].sort((a, b) => a.version - b.version)) {
    if (seen.has(m.version)) throw new Error(`Two migrations share version ${m.version}`);
    seen.add(m.version);
    if (done.has(m.version)) continue;
    const did = db.transaction(() => {
      // Another process starting at the same time may have applied it while this one waited for the lock.
      if (db.get('SELECT 1 AS done FROM schema_migrations WHERE version = ?', m.version)) return false;
      db.exec(db.engine === 'postgres' && m.postgres !== undefined ? m.postgres : m.sql);
      db.run(
        'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
        m.version,
        m.name,
        Date.now(),
      );
      return true;
    });
    if (did) applied.push(m.version);
  }
  return applied;
}
