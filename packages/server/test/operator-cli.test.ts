// Test run: about 3 s on SQLite, 11 s on PostgreSQL (scripts/vitest-sequencer.ts starts it early)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/store/db.ts';
import { runCli } from './cliRun.ts';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ottkit-operator-cli-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const run = (...argv: string[]) => runCli([...argv, '--data', dataDir]);

describe('operator CLI', () => {
  it('creates the first admin with a password printed once (stored hashed, audited), and lists operators', async () => {
    expect((await run('operator', 'list')).lines.join('\n')).toMatch(/No operators yet/);
    const made = await run('operator', 'create', 'Boss@Ottkit.test', '--role', 'admin');
    expect(made.code).toBe(0);
    const password = made.lines[1] as string;
    expect(password).toMatch(/^[\w-]{20}$/);
    const listed = await run('operator', 'list');
    expect(listed.lines[0]).toMatch(/^boss@ottkit\.test {2}admin {2}not enrolled yet {2}op-/);
    const db = openDb(join(dataDir, 'ottkit.db'));
    try {
      const row = db.get<{ password_hash: string }>('SELECT password_hash FROM operators');
      expect(row?.password_hash).toMatch(/^scrypt\$17\$/);
      expect(db.get('SELECT actor, action FROM operator_audit')).toEqual({
        actor: 'cli',
        action: 'staff.create',
      });
    } finally {
      db.close();
    }
    expect((await run('operator', 'create', 'boss@ottkit.test', '--role', 'admin')).code).toBe(2);
    expect((await run('operator', 'create', 'x@ottkit.test', '--role', 'root')).code).toBe(2);
  });
});
