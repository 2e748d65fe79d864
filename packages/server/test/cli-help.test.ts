import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../src/cli/commands.ts';
import { main, usage, usageOf } from '../src/cli/index.ts';
import { runCli } from './cliRun.ts';

// Store engine: SQLite only (scripts/postgres-pass.mjs): what this proves is the command line's usage and argument
// parsing; the settings `zero-trust seal` reads run on PostgreSQL in zeroTrust.test and cli-audit.

// Issue #14: sub-commands rejected --help; `zero-trust seal` printed port 4321 whatever the port.
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ottkit-cli-help-'));
  process.env.OTTKIT_SECRET = 'cli-test-secret-0123456789abcdef01234567';
});
afterAll(async () => {
  delete process.env.OTTKIT_SECRET;
  delete process.env.PORT;
  await rm(dataDir, { recursive: true, force: true });
});

async function run(...argv: string[]) {
  const { code, lines } = await runCli(argv);
  return { code, text: lines.join('\n') };
}

describe('--help', () => {
  // Every registered command, so one added to src/cli/commands.ts is covered without editing this test.
  const commands = COMMANDS.map((c) => c.name);
  it('covers the commands of the README', () => {
    for (const c of [
      'serve',
      'outbox',
      'recharge-codes',
      'plans',
      'config',
      'zero-trust',
      'telemetry',
      'notice',
    ])
      expect(commands).toContain(c);
    expect(new Set(commands).size).toBe(commands.length);
  });
  for (const command of commands) {
    it(`${command} --help prints its usage and exits 0`, async () => {
      const { code, text } = await run(command, '--help');
      expect(code).toBe(0);
      expect(text).toMatch(new RegExp(`^Usage: .*\\n {2}${command}(?=\\s)`));
      for (const other of commands.filter((c) => c !== command)) {
        expect(text).not.toMatch(new RegExp(`^ {2}${other}(?=\\s)`, 'm'));
      }
    });
  }

  it('works after other arguments and with -h; an unknown command still fails', async () => {
    expect((await run('recharge-codes', 'create', '--plan', 'x', '--help')).code).toBe(0);
    expect((await run('notice', '-h')).code).toBe(0);
    expect((await run('nonsense', '--help')).code).toBe(2);
  });
});

describe('registering a command', () => {
  it('is one entry: the dispatcher runs it, and --help and the overview show its usage', async () => {
    const ran: string[][] = [];
    const hello = {
      name: 'hello',
      usage: '  hello NAME    greets',
      run: (args: string[]) => {
        ran.push(args);
        return 0;
      },
    };
    const commands = [...COMMANDS, hello];
    expect(await main(['hello', 'world'], commands)).toBe(0);
    expect(ran).toEqual([['world']]);
    expect(usageOf('hello', commands)).toBe('Usage: ottkit-server [--data DIR]\n  hello NAME    greets');
    expect(usage(commands)).toMatch(/\n {2}hello NAME/);
  });
});

describe('zero-trust seal link', () => {
  const manifest = { version: 1, operatorName: 'Operator TV', apiBaseUrl: '', mediaBaseUrl: '' };

  it('uses the configured port (PORT, --port) when the server never ran on this data folder', async () => {
    const file = join(dataDir, 'manifest.json');
    await writeFile(file, JSON.stringify(manifest));
    process.env.PORT = '4777';
    const fromEnv = await run('zero-trust', 'seal', file, '--data', join(dataDir, 'a'));
    expect(fromEnv.code).toBe(0);
    expect(fromEnv.text).toMatch(/http:\/\/localhost:4777\/#\/shareKey\//);
    const fromFlag = await run('zero-trust', 'seal', file, '--data', join(dataDir, 'a'), '--port', '4888');
    expect(fromFlag.text).toMatch(/http:\/\/localhost:4888\/#\/shareKey\//);
  });

  it('uses where serve last listened on the data folder', async () => {
    const file = join(dataDir, 'manifest.json');
    const data = join(dataDir, 'b');
    await run('plans', '--data', data);
    await writeFile(join(data, 'site-url.json'), JSON.stringify({ url: 'http://127.0.0.1:4999' }));
    const { text } = await run('zero-trust', 'seal', file, '--data', data);
    expect(text).toMatch(/http:\/\/127\.0\.0\.1:4999\/#\/shareKey\//);
  });
});
