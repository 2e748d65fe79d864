import { randomBytes, randomUUID } from 'node:crypto';
import type { Operator, OperatorRole } from '@ottkit/api-client/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../store/db.ts';
import type { OperatorsTable } from '../store/kysely/schema.generated.ts';

/** An operator's row, as the schema types it (the console's reads are on the asynchronous store: decision 0431). */
export type OperatorRow = Selectable<OperatorsTable>;

export const toOperator = (r: OperatorRow): Operator => ({
  operatorId: r.operator_id,
  email: r.email,
  role: r.role,
  active: r.active === 1,
  totpEnrolled: r.totp_enrolled === 1,
  createdAt: r.created_at,
});

const operators = (db: Db) => db.kysely.selectFrom('operators').selectAll();

export const getOperatorRow = (db: Db, operatorId: string): Promise<OperatorRow | undefined> =>
  operators(db).where('operator_id', '=', operatorId).executeTakeFirst();

export const findOperatorByEmail = (db: Db, email: string): Promise<OperatorRow | undefined> =>
  operators(db).where('email', '=', email.trim().toLowerCase()).executeTakeFirst();

export const listOperators = async (db: Db): Promise<Operator[]> =>
  (await operators(db).orderBy('created_at').orderBy('email').execute()).map(toOperator);

/** A first password to hand over once: 20 characters of base64url (120 bits). */
export const newOperatorPassword = () => randomBytes(15).toString('base64url');

/** Inserts an operator with an already hashed password; undefined when the email is taken. */
export async function insertOperator(
  db: Db,
  email: string,
  role: OperatorRole,
  passwordHash: string,
  now: number,
): Promise<Operator | undefined> {
  const row = await db.kysely
    .insertInto('operators')
    .values({
      operator_id: `op-${randomUUID()}`,
      email: email.trim().toLowerCase(),
      role,
      password_hash: passwordHash,
      created_at: now,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row && toOperator(row);
}
