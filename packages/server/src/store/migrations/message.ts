import type { Migration } from '../migrations.ts';

/** Operator notices and personal notifications (spec §3, §7 Messages; versions 300-399). */
export const messageMigrations: Migration[] = [
  {
    version: 300,
    name: 'notices and notifications',
    sql: `
CREATE TABLE notices (
  notice_id TEXT PRIMARY KEY,
  priority INTEGER NOT NULL,
  title TEXT NOT NULL,
  msg TEXT NOT NULL,
  display_interval BIGINT NOT NULL,
  display_times INTEGER NOT NULL,
  background_color TEXT NOT NULL,
  text_color TEXT NOT NULL,
  text_size INTEGER NOT NULL,
  created_at BIGINT NOT NULL,
  valid_until BIGINT,
  withdrawn_at BIGINT
);
CREATE TABLE notice_display_modes (
  notice_id TEXT NOT NULL REFERENCES notices(notice_id) ON DELETE CASCADE,
  display_mode INTEGER NOT NULL,
  PRIMARY KEY (notice_id, display_mode)
);
CREATE TABLE notice_display_channels (
  notice_id TEXT NOT NULL REFERENCES notices(notice_id) ON DELETE CASCADE,
  logical_channel_id TEXT NOT NULL,
  PRIMARY KEY (notice_id, logical_channel_id)
);
CREATE TABLE notice_reads (
  notice_id TEXT NOT NULL REFERENCES notices(notice_id) ON DELETE CASCADE,
  account_id TEXT NOT NULL REFERENCES accounts(account_id) ON DELETE CASCADE,
  read_at BIGINT NOT NULL,
  PRIMARY KEY (notice_id, account_id)
);
CREATE TABLE notifications (
  msg_id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(account_id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('unread', 'read', 'deleted')),
  created_at BIGINT NOT NULL
);
CREATE INDEX notifications_account ON notifications(account_id, state, created_at);
`,
  },
  {
    // Issue 40: the outbox becomes the queue a sender drains (decision 0399). A message waits, is sent, or failed
    // with a reason (a key the console words); `lease_until` keeps two processes from sending one message; `ref`
    // ties a code's message to the code's key (hashed), so the page that asked can learn how its mail fares.
    version: 301,
    name: 'mail queue',
    sql: `
ALTER TABLE outbox ADD COLUMN lang TEXT NOT NULL DEFAULT 'en';
ALTER TABLE outbox ADD COLUMN html TEXT;
ALTER TABLE outbox ADD COLUMN state TEXT NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'sent', 'failed'));
ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN next_attempt_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN lease_until BIGINT;
ALTER TABLE outbox ADD COLUMN failure TEXT;
ALTER TABLE outbox ADD COLUMN expires_at BIGINT;
ALTER TABLE outbox ADD COLUMN ref TEXT;
UPDATE outbox SET state = 'sent' WHERE delivered_at IS NOT NULL;
CREATE INDEX outbox_due ON outbox(state, next_attempt_at);
CREATE INDEX outbox_recipient ON outbox(recipient, seq);
CREATE INDEX outbox_ref ON outbox(ref);
`,
  },
];
