import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cliRun.ts';
import { readSettings } from '../src/domain/appConfig.ts';
import { openDb } from '../src/store/db.ts';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ottkit-cli-'));
  process.env.OTTKIT_SECRET = 'cli-test-secret-0123456789abcdef01234567';
});
afterAll(async () => {
  delete process.env.OTTKIT_SECRET;
  await rm(dataDir, { recursive: true, force: true });
});

/** Runs a CLI command in-process and returns its exit code and printed lines. */
const run = (...argv: string[]) => runCli([...argv, '--data', dataDir]);

describe('operator CLI', () => {
  it('lists plans', async () => {
    const { code, lines } = await run('plans');
    expect(code).toBe(0);
    expect(lines.join('\n')).toMatch(/plan-monthly +Monthly +9\.99 USD/);
  });

  it('creates a batch of 16-digit recharge codes and reports its use', async () => {
    const created = await run('recharge-codes', 'create', '--plan', 'plan-monthly', '--count', '3');
    expect(created.code).toBe(0);
    expect(created.lines.slice(1)).toHaveLength(3);
    for (const c of created.lines.slice(1)) expect(c).toMatch(/^\d{16}$/);
    const listed = await run('recharge-codes', 'list');
    expect(listed.lines.some((l) => /plan-monthly 0\/3 redeemed/.test(l))).toBe(true);
    await expect(run('recharge-codes', 'create', '--plan', 'nope')).rejects.toThrow(/No plan 'nope'/);
  });

  it('sets, gets and validates app configuration', async () => {
    expect((await run('config', 'set', 'businessType', 'vod')).code).toBe(0);
    expect((await run('config', 'get', 'businessType')).lines).toEqual(['vod']);
    await expect(run('config', 'set', 'businessType', 'radio')).rejects.toThrow(/Invalid value/);
    const db = openDb(join(dataDir, 'ottkit.db'));
    expect(readSettings(db).businessType).toBe('vod');
    db.close();
  });

  it('prints the outbox', async () => {
    const { code, lines } = await run('outbox');
    expect(code).toBe(0);
    expect(lines).toEqual(['The outbox is empty.']);
  });

  it('prints usage for an unknown command', async () => {
    expect((await run('frobnicate')).code).toBe(2);
  });
});
