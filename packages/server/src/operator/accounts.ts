import { randomBytes, randomUUID } from 'node:crypto';
import type { Operator, OperatorRole } from '@ottkit/api-client/contract';
import type { Db } from '../store/db.ts';

interface OperatorRow {
  operator_id: string;
  email: string;
  role: OperatorRole;
  password_hash: string;
  active: number;
  totp_secret: string | null;
  totp_enrolled: number;
  totp_last_step: number;
  created_at: number;
}
export type { OperatorRow };

export const toOperator = (r: OperatorRow): Operator => ({
  operatorId: r.operator_id,
  email: r.email,
  role: r.role,
  active: r.active === 1,
  totpEnrolled: r.totp_enrolled === 1,
  createdAt: r.created_at,
});

export const getOperatorRow = (db: Db, operatorId: string) =>
  db.get<OperatorRow>('SELECT * FROM operators WHERE operator_id = ?', operatorId);

export const findOperatorByEmail = (db: Db, email: string) =>
  db.get<OperatorRow>('SELECT * FROM operators WHERE email = ?', email.trim().toLowerCase());

export const listOperators = (db: Db): Operator[] =>
  db.all<OperatorRow>('SELECT * FROM operators ORDER BY created_at, email').map(toOperator);

/** A first password to hand over once: 20 characters of base64url (120 bits). */
export const newOperatorPassword = () => randomBytes(15).toString('base64url');

/** Inserts an operator with an already hashed password; false when the email is taken. */
export function insertOperator(
  db: Db,
  email: string,
  role: OperatorRole,
  passwordHash: string,
  now: number,
): Operator | undefined {
  const id = `op-${randomUUID()}`;
  const r = db.run(
    `INSERT INTO operators (operator_id, email, role, password_hash, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (email) DO NOTHING`,
    id,
    email.trim().toLowerCase(),
    role,
    passwordHash,
    now,
  );
  if (r.changes === 0) return undefined;
  return toOperator(getOperatorRow(db, id) as OperatorRow);
}

export const activeAdmins = (db: Db) =>
  db.get<{ n: number }>("SELECT COUNT(*) AS n FROM operators WHERE role = 'admin' AND active = 1")?.n ?? 0;
