// Store engine: SQLite only. A backup holds SQLite's file, taken online; on PostgreSQL the database is the
// operator's pg_dump (docs/operations.md) and the archive holds the rest, which the last test checks here.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { create, list } from 'tar';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer } from '../src/app.ts';
import { backupDataFolder } from '../src/backup/archive.ts';
import { backupCommand, restoreCommand } from '../src/cli/backup.ts';
import { openDb } from '../src/store/db.ts';
import { registerEmail, startServer, type TestServer } from './helpers.ts';
import { TEST_SECRETS } from './testSecrets.ts';

// Issue 40: `ottkit-server backup FILE` while the server runs, and `restore FILE`, refused over a running server.

let t: TestServer;
let work: string;
beforeAll(async () => {
  t = await startServer();
  work = mkdtempSync(join(tmpdir(), 'ottkit-backups-'));
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});
afterEach(() => vi.restoreAllMocks());

/** Runs a command as the CLI would; answers its exit code and what it printed. */
async function run(command: typeof backupCommand, ...args: string[]) {
  const said: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((m) => void said.push(String(m)));
  vi.spyOn(console, 'error').mockImplementation((m) => void said.push(String(m)));
  const code = await command.run(args);
  vi.restoreAllMocks();
  return { code, said: said.join('\n') };
}

const accounts = (dataDir: string) => {
  const db = openDb(join(dataDir, 'ottkit.db'));
  try {
    return db
      .all<{ email: string }>('SELECT email FROM accounts WHERE email LIKE ?', '%@backup.test')
      .map((r) => r.email);
  } finally {
    db.close();
  }
};
const entriesOf = async (file: string) => {
  const names: string[] = [];
  await list({ file, onReadEntry: (e) => void names.push(e.path) });
  return names;
};

describe('backup and restore', () => {
  const file = () => join(work, 'ottkit.backup.tgz');

  it('backs up while the server runs, and refuses to restore under it', async () => {
    expect((await registerEmail(t, 'before@backup.test')).body.errCode).toBe(0);
    mkdirSync(join(t.dataDir, 'logos'), { recursive: true });
    writeFileSync(join(t.dataDir, 'logos', 'operator-upload.png'), 'png bytes');
    // The brand's files (decisions 0403, 0405): the logo and the app icons made from the operator's.
    mkdirSync(join(t.dataDir, 'brand'), { recursive: true });
    writeFileSync(join(t.dataDir, 'brand', 'icon-512.png'), 'icon bytes');
    // A content key, as the origin keeps one for a protected stream (this suite's servers take their secret from
    // the test configuration, so no secrets.json is written).
    mkdirSync(join(t.dataDir, 'keys'), { recursive: true });
    writeFileSync(join(t.dataDir, 'keys', 'lc-037.key'), 'sixteen byte key');

    const made = await run(backupCommand, file(), '--data', t.dataDir);
    expect(made.code, made.said).toBe(0);
    expect(made.said).toMatch(/^Backed up .* \(\d+\.\d MB\): ottkit\.db, keys, logos, brand\.$/);
    const names = await entriesOf(file());
    expect(names).toEqual(
      expect.arrayContaining([
        'backup.json',
        'ottkit.db',
        'keys/lc-037.key',
        'logos/operator-upload.png',
        'brand/icon-512.png',
      ]),
    );
    // Not the sample library, the recordings or the database's journal.
    expect(names.some((n) => /^(media|live)\/|-wal$/.test(n))).toBe(false);
    expect(readdirSync(work).filter((n) => n !== 'ottkit.backup.tgz')).toEqual([]);

    const refused = await run(restoreCommand, file(), '--data', t.dataDir);
    expect(refused.code).toBe(1);
    expect(refused.said).toContain(`A server is running on ${t.dataDir} (pid ${process.pid}): stop it first`);
    expect(
      readdirSync(t.dataDir).some((n) => n.startsWith('.before-restore') || n.startsWith('.restoring')),
    ).toBe(false);
  });

  it('puts the backup back once the server stopped; what it replaced is moved aside, and a server starts on it', async () => {
    expect((await registerEmail(t, 'after@backup.test')).body.errCode).toBe(0);
    rmSync(join(t.dataDir, 'logos', 'operator-upload.png'));
    rmSync(join(t.dataDir, 'brand'), { recursive: true });
    const dataDir = t.dataDir;
    await t.server.close();
    // Closed here; its folder goes in afterAll.
    t.server.close = async () => {};
    expect(accounts(dataDir).sort()).toEqual(['after@backup.test', 'before@backup.test']);

    const back = await run(restoreCommand, file(), '--data', dataDir);
    expect(back.code, back.said).toBe(0);
    expect(back.said).toMatch(/^Restored the backup of \d{4}-.* into .*: ottkit\.db, keys, logos, brand\.$/m);
    expect(readFileSync(join(dataDir, 'keys', 'lc-037.key'), 'utf8')).toBe('sixteen byte key');
    expect(accounts(dataDir)).toEqual(['before@backup.test']);
    expect(readFileSync(join(dataDir, 'logos', 'operator-upload.png'), 'utf8')).toBe('png bytes');
    expect(readFileSync(join(dataDir, 'brand', 'icon-512.png'), 'utf8')).toBe('icon bytes');
    const aside = readdirSync(dataDir).find((n) => n.startsWith('.before-restore-'));
    expect(aside && existsSync(join(dataDir, aside, 'ottkit.db'))).toBe(true);
    expect(back.said).toContain(`${dataDir}/${aside}`);

    const again = createServer({ config: { port: 0, host: '127.0.0.1', ...TEST_SECRETS, dataDir } });
    const { url } = await again.listen();
    try {
      expect(await (await fetch(`${url}/readyz`)).json()).toMatchObject({ status: 'ready' });
    } finally {
      await again.close();
    }
  });

  it('refuses what is not a backup, and writes nothing outside the data folder', async () => {
    const dataDir = mkdtempSync(join(work, 'data-'));
    const text = join(work, 'notes.txt');
    writeFileSync(text, 'not an archive');
    const notTar = await run(restoreCommand, text, '--data', dataDir);
    expect([notTar.code, notTar.said]).toEqual([
      1,
      `${text} is not an ottkit backup (not a readable archive)`,
    ]);

    // An archive naming a path above its folder (made with the tool's own escape hatch).
    const outside = join(dataDir, 'made');
    mkdirSync(outside);
    writeFileSync(join(dataDir, 'evil'), 'x');
    const evil = join(work, 'evil.tgz');
    await create({ file: evil, cwd: outside, gzip: true, preservePaths: true }, ['../evil']);
    rmSync(join(dataDir, 'evil'));
    const climbed = await run(restoreCommand, evil, '--data', outside);
    expect(climbed.code).toBe(1);
    expect(climbed.said).toContain('is not an ottkit backup: it holds ../evil');
    expect(existsSync(join(dataDir, 'evil'))).toBe(false);

    // A link in the archive (it could point anywhere).
    const linked = mkdtempSync(join(work, 'linked-'));
    symlinkSync('/etc/passwd', join(linked, 'keys'));
    const link = join(work, 'link.tgz');
    await create({ file: link, cwd: linked, gzip: true }, ['keys']);
    const linkRefused = await run(restoreCommand, link, '--data', dataDir);
    expect([linkRefused.code, linkRefused.said]).toEqual([
      1,
      `${link} is not an ottkit backup: it holds keys (SymbolicLink)`,
    ]);
    expect(readdirSync(dataDir).sort()).toEqual(['made']);

    const usage = await Promise.resolve()
      .then(() => backupCommand.run([]))
      .then(
        () => 'ran',
        (e: Error) => e.message,
      );
    expect(usage).toBe('backup needs one FILE');
    expect(existsSync(dirname(outside))).toBe(true);
  });

  it('on PostgreSQL keeps the keys and uploads, and leaves the database to pg_dump', async () => {
    const dataDir = mkdtempSync(join(work, 'pg-'));
    writeFileSync(join(dataDir, 'secrets.json'), '{"secret":"x"}');
    const r = await backupDataFolder(dataDir, join(work, 'pg.tgz'), 'postgres');
    expect(r.entries).toEqual(['secrets.json']);
    expect(await entriesOf(r.file)).toEqual(['backup.json', 'secrets.json']);
  });
});
