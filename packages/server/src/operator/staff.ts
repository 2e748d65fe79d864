import { type Operator, OperatorErrCode, type OperatorRole } from '@ottkit/api-client/contract';
import { DomainError } from '../domain/errors.ts';
import type { Db } from '../store/db.ts';
import {
  activeAdmins,
  getOperatorRow,
  insertOperator,
  newOperatorPassword,
  type OperatorRow,
  toOperator,
} from './accounts.ts';
import { type Actor, recordAudit } from './audit.ts';
import { revokeOperatorSessions } from './sessions.ts';

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
  const operator = insertOperator(db, email, role, await hash(password), now);
  if (!operator)
    throw new DomainError(OperatorErrCode.OPERATOR_EXISTS, `An operator with ${email} exists already`);
  recordAudit(db, actor, 'staff.create', operator.operatorId, { after: operator }, now);
  return { operator, password };
}

/** Role, active, authenticator reset; the last active admin cannot be demoted or disabled. Sessions end on any change. */
export function updateStaff(
  db: Db,
  actor: Actor,
  change: { operatorId: string; role?: OperatorRole; active?: boolean; resetTotp?: boolean },
  now: number,
): Operator {
  return db.transaction(() => {
    const row = getOperatorRow(db, change.operatorId);
    if (!row) throw new DomainError(OperatorErrCode.NOT_FOUND, `No operator ${change.operatorId}`);
    const before = toOperator(row);
    const losesAdmin =
      row.role === 'admin' &&
      row.active === 1 &&
      (change.active === false || (change.role ?? 'admin') !== 'admin');
    if (losesAdmin && activeAdmins(db) <= 1) {
      throw new DomainError(OperatorErrCode.LAST_ADMIN, 'Keep at least one active admin');
    }
    db.run(
      'UPDATE operators SET role = ?, active = ? WHERE operator_id = ?',
      change.role ?? row.role,
      change.active === undefined ? row.active : change.active ? 1 : 0,
      row.operator_id,
    );
    if (change.resetTotp) {
      // The replay guard's last step goes with the secret: the new authenticator's first code may fall in the
      // same 30 s as the old one's last, and is not a replay.
      db.run(
        'UPDATE operators SET totp_enrolled = 0, totp_secret = NULL, totp_last_step = 0 WHERE operator_id = ?',
        row.operator_id,
      );
      db.run('DELETE FROM operator_recovery_codes WHERE operator_id = ?', row.operator_id);
    }
    revokeOperatorSessions(db, row.operator_id, now);
    const after = toOperator(getOperatorRow(db, row.operator_id) as OperatorRow);
    recordAudit(db, actor, 'staff.update', row.operator_id, { before, after }, now);
    return after;
  });
}
