import { parseArgs } from 'node:util';
import { OPERATOR_ROLES, type OperatorRole } from '@ottkit/api-client/contract';
import { openDataStore } from '../dataStore.ts';
import { hashPasswordSync } from '../domain/passwords.ts';
import { DomainError } from '../domain/errors.ts';
import { listOperators } from '../operator/accounts.ts';
import { CLI_ACTOR } from '../operator/audit.ts';
import { createStaff } from '../operator/staff.ts';
import type { Command } from './command.ts';

export const OPERATOR_USAGE = `  operator create EMAIL --role admin|editor|support                console account; its first password printed once
  operator list                                                     console accounts, roles, authenticator enrolled`;

const isRole = (r: string | undefined): r is OperatorRole => OPERATOR_ROLES.includes(r as OperatorRole);

/** `ottkit-server operator …`: the first admin is made here; the console manages staff after that. */
export async function operatorCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { data: { type: 'string' }, role: { type: 'string' } },
  });
  const [verb, email] = positionals;
  if (verb !== 'create' && verb !== 'list') {
    console.log(`Usage:\n${OPERATOR_USAGE}`);
    return verb === undefined ? 0 : 2;
  }
  if (verb === 'create' && (!email || !isRole(values.role))) {
    console.error(
      `operator create needs an EMAIL and --role ${OPERATOR_ROLES.join('|')}\nUsage:\n${OPERATOR_USAGE}`,
    );
    return 2;
  }
  const { db, config } = openDataStore(values.data);
  try {
    if (verb === 'list') {
      const all = await listOperators(db);
      for (const o of all) {
        console.log(
          `${o.email}  ${o.role}${o.active ? '' : ' (disabled)'}  ${o.totpEnrolled ? 'authenticator enrolled' : 'not enrolled yet'}  ${o.operatorId}`,
        );
      }
      if (all.length === 0) console.log('No operators yet (see: operator create EMAIL --role admin).');
      return 0;
    }
    const { operator, password } = await createStaff(
      db,
      CLI_ACTOR,
      email as string,
      values.role as OperatorRole,
      (p) => hashPasswordSync(p, config.passwordHashLog2N),
      Date.now(),
    );
    console.log(`operator ${operator.email} (${operator.role}) created. First password, shown once:`);
    console.log(password);
    console.log('Sign in at /admin/login; the first sign-in enrols an authenticator app.');
    return 0;
  } catch (e) {
    // The operator domain's refusals (an email taken already) are said in words; it throws DomainError (0369).
    if (e instanceof DomainError) {
      console.error(e.message);
      return 2;
    }
    throw e;
  } finally {
    db.close();
  }
}

export const operatorCliCommand: Command = { name: 'operator', usage: OPERATOR_USAGE, run: operatorCommand };
