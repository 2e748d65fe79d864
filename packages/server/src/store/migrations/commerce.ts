import type { Migration } from '../migrations.ts';

/**
 * The console's plans and codes (versions 420-424, issue 18 §5, decision 0240): a recharge code or a whole batch
 * can be voided; a voided code is refused like an unknown one. Codes stay stored as keyed hashes only.
 */
export const commerceMigrations: Migration[] = [
  {
    version: 420,
    name: 'recharge-codes-void',
    sql: `
ALTER TABLE recharge_codes ADD COLUMN voided_at BIGINT;
CREATE INDEX recharge_codes_redeemed_by ON recharge_codes(redeemed_by);
`,
  },
];
