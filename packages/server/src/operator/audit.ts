import type { CompiledQuery, Selectable } from 'kysely';
import type { OperatorAuditTable } from '../store/kysely/schema.generated.ts';
import type { AuditEntry } from '@ottkit/api-client/contract';
import type { Db } from '../store/db.ts';
import { maskSecrets } from '../upstream/maskSecrets.ts';

/** Who made a change: an operator, or the command line on the server's disk. */
export interface Actor {
  id: string;
  email: string;
}
export const CLI_ACTOR: Actor = { id: 'cli', email: 'command line' };

/** One entry: who, what, on what, the change (before and after), when. */
type Entry = [
  actor: Actor,
  action: string,
  target: string,
  change: { before?: unknown; after?: unknown },
  now: number,
];

/**
 * One entry of the audit log (decision 0212): who, when, what, on what, before and after. The table refuses UPDATE
 * and DELETE (triggers), and no call or command changes it. As a statement of a `transactionally` body: the change
 * and its audit commit together.
 */
export function auditStatement(db: Db, ...entry: Entry): CompiledQuery {
  return db.kysely
    .insertInto('operator_audit')
    .values(auditRow(...entry))
    .compile();
}

/** The same entry alone: a change of its own (a job's end, an import, a command line's run). */
export async function recordAuditNow(db: Db, ...entry: Entry): Promise<void> {
  await db.kysely.executeQuery(auditStatement(db, ...entry));
}

/** An entry's row. */
function auditRow(...[actor, action, target, change, now]: Entry) {
  return {
    at: now,
    actor: actor.id,
    actor_email: actor.email,
    action,
    target,
    // Source URLs in a change are kept with their secrets masked, like everywhere they leave the server.
    before_json: change.before === undefined ? null : maskSecrets(JSON.stringify(change.before)),
    after_json: change.after === undefined ? null : maskSecrets(JSON.stringify(change.after)),
  };
}

export interface AuditFilter {
  actor?: string;
  action?: string;
  target?: string;
  since?: number;
  until?: number;
  beforeSeq?: number;
  limit?: number;
}

type AuditRow = Selectable<OperatorAuditTable>;

/** Newest first. `action` matches a prefix (`subscriber.` finds every subscriber change); actor by id or email. */
export async function listAudit(
  db: Db,
  f: AuditFilter,
): Promise<{ entries: AuditEntry[]; nextBeforeSeq?: number }> {
  const limit = f.limit ?? 50;
  const { actor, action, target, since, until, beforeSeq } = f;
  const rows: AuditRow[] = await db.kysely
    .selectFrom('operator_audit')
    .selectAll()
    .$if(actor !== undefined, (q) =>
      q.where((eb) =>
        eb.or([eb('actor', '=', actor ?? ''), eb('actor_email', '=', actor?.toLowerCase() ?? '')]),
      ),
    )
    .$if(action !== undefined, (q) =>
      q.where((eb) =>
        eb(eb.fn('substr', ['action', eb.val(1), eb.val(action?.length ?? 0)]), '=', action ?? ''),
      ),
    )
    .$if(target !== undefined, (q) => q.where('target', '=', target ?? ''))
    .$if(since !== undefined, (q) => q.where('at', '>=', since ?? 0))
    .$if(until !== undefined, (q) => q.where('at', '<=', until ?? 0))
    .$if(beforeSeq !== undefined, (q) => q.where('seq', '<', beforeSeq ?? 0))
    .orderBy('seq', 'desc')
    .limit(limit + 1)
    .execute();
  const entries = rows.slice(0, limit).map((r) => ({
    seq: r.seq,
    at: r.at,
    actor: r.actor,
    actorEmail: r.actor_email,
    action: r.action,
    target: r.target,
    ...(r.before_json === null ? {} : { before: JSON.parse(r.before_json) as unknown }),
    ...(r.after_json === null ? {} : { after: JSON.parse(r.after_json) as unknown }),
  }));
  return rows.length > limit ? { entries, nextBeforeSeq: entries.at(-1)?.seq } : { entries };
}
