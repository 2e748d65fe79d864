import { type Operator, OperatorErrCode, type OperatorRole } from '@ottkit/api-client/contract';
import { DomainError } from '../domain/errors.ts';
import type { Db } from '../store/db.ts';
import { lockRows, query, transactionally } from '../store/kysely/transactionally.ts';
import { insertOperator, newOperatorPassword, toOperator } from './accounts.ts';
import { type Actor, auditStatement } from './audit.ts';
import { revokeOperatorSessionsStatement } from './sessions.ts';

/**
 * Creates an operator with a generated first password, answered once (the CLI prints it, the console shows it).
 * `hash` is the subscribers' password hashing (async on the server, sync in the CLI).
 */
export async function createStaff(
  db: Db,
  actor: Actor,
  email: string,
  role: OperatorRole,
  hash: (password: string) => string | Promise<string>,
  now: number,
): Promise<{ operator: Operator; password: string }> {
  const password = newOperatorPassword();
  const operator = await insertOperator(db, email, role, await hash(password), now);
  if (!operator)
    throw new DomainError(OperatorErrCode.OPERATOR_EXISTS, `An operator with ${email} exists already`);
  await db.kysely.executeQuery(
    auditStatement(db, actor, 'staff.create', operator.operatorId, { after: operator }, now),
  );
  return { operator, password };
}

/**
 * Role, active, authenticator reset; the last active admin cannot be demoted or disabled. Sessions end on any change.
 * The operator's row is locked, and so are the active admins' when the change takes an admin away: two admins
 * demoting each other at once cannot leave none (the second sees the first's change, decision 0431).
 */
export function updateStaff(
  db: Db,
  actor: Actor,
  change: { operatorId: string; role?: OperatorRole; active?: boolean; resetTotp?: boolean },
  now: number,
): Promise<Operator> {
  const k = db.kysely;
  const operator = (id: string) => k.selectFrom('operators').selectAll().where('operator_id', '=', id);
  return transactionally(db, function* () {
    const row = (yield* query(lockRows(db, operator(change.operatorId)).compile())).rows[0];
    if (!row) throw new DomainError(OperatorErrCode.NOT_FOUND, `No operator ${change.operatorId}`);
    const before = toOperator(row);
    const losesAdmin =
      row.role === 'admin' &&
      row.active === 1 &&
      (change.active === false || (change.role ?? 'admin') !== 'admin');
    if (losesAdmin) {
      const admins = k
        .selectFrom('operators')
        .select('operator_id')
        .where('role', '=', 'admin')
        .where('active', '=', 1);
      if ((yield* query(lockRows(db, admins).compile())).rows.length <= 1) {
        throw new DomainError(OperatorErrCode.LAST_ADMIN, 'Keep at least one active admin');
      }
    }
    yield* query(
      k
        .updateTable('operators')
        .set({
          role: change.role ?? row.role,
          active: change.active === undefined ? row.active : change.active ? 1 : 0,
          // The replay guard's last step goes with the secret: the new authenticator's first code may fall in
          // the same 30 s as the old one's last, and is not a replay.
          ...(change.resetTotp ? { totp_enrolled: 0, totp_secret: null, totp_last_step: 0 } : {}),
        })
        .where('operator_id', '=', row.operator_id)
        .compile(),
    );
    if (change.resetTotp) {
      yield* query(
        k.deleteFrom('operator_recovery_codes').where('operator_id', '=', row.operator_id).compile(),
      );
    }
    yield* query(revokeOperatorSessionsStatement(db, row.operator_id, now));
    const after = toOperator((yield* query(operator(row.operator_id).compile())).rows[0] ?? row);
    yield* query(auditStatement(db, actor, 'staff.update', row.operator_id, { before, after }, now));
    return after;
  });
}
