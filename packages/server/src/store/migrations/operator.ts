import type { Migration } from '../migrations.ts';

/**
 * The operator console (versions 150-159, issue 18, decision 0210): operator accounts apart from subscribers,
 * their TOTP and recovery codes, sign-in challenges, sessions, the append-only audit log and jobs.
 */
export const operatorMigrations: Migration[] = [
  {
    version: 150,
    name: 'operator-console',
    sql: `
CREATE TABLE operators (
  operator_id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  role TEXT NOT NULL CHECK (role IN ('admin', 'editor', 'support')),
  password_hash TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,
  totp_secret TEXT,
  totp_enrolled INTEGER NOT NULL DEFAULT 0,
  totp_last_step BIGINT NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL
);
CREATE TABLE operator_recovery_codes (
  code_hash TEXT PRIMARY KEY,
  operator_id TEXT NOT NULL REFERENCES operators(operator_id) ON DELETE CASCADE,
  used_at BIGINT
);
CREATE TABLE operator_challenges (
  challenge_hash TEXT PRIMARY KEY,
  operator_id TEXT NOT NULL REFERENCES operators(operator_id) ON DELETE CASCADE,
  expires_at BIGINT NOT NULL
);
CREATE TABLE operator_sessions (
  token_hash TEXT PRIMARY KEY,
  session_id TEXT NOT NULL UNIQUE,
  operator_id TEXT NOT NULL REFERENCES operators(operator_id) ON DELETE CASCADE,
  client_ip TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  revoked_at BIGINT
);
CREATE INDEX operator_sessions_operator ON operator_sessions(operator_id);
CREATE TABLE operator_audit (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  at BIGINT NOT NULL,
  actor TEXT NOT NULL,
  actor_email TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT NOT NULL,
  before_json TEXT,
  after_json TEXT
);
CREATE INDEX operator_audit_actor ON operator_audit(actor, seq);
CREATE INDEX operator_audit_action ON operator_audit(action, seq);
CREATE TRIGGER operator_audit_no_update BEFORE UPDATE ON operator_audit
  BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
CREATE TRIGGER operator_audit_no_delete BEFORE DELETE ON operator_audit
  BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
CREATE TABLE operator_jobs (
  job_id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  target TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  progress INTEGER NOT NULL DEFAULT 0,
  message TEXT NOT NULL DEFAULT '',
  error TEXT NOT NULL DEFAULT '',
  created_by TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  finished_at BIGINT
);
CREATE INDEX operator_jobs_created ON operator_jobs(created_at);
`,
  },
];
