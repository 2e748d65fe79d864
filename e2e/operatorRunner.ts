// One operator CLI per journey worker, started once (e2e/operator.ts): it imports the CLI's dispatcher once and
// runs each command it is sent through that same `main`, against the data folder the command names, one at a
// time. A command started as its own Node process spent about a second and a half of CPU loading the server's
// modules, about 150 times a run (decision 0365). The CLI as a process is still what its own tests run.
//
// `node e2e/operatorRunner.ts SOCKET`: listens on that Unix socket; a request's body is the JSON list of the
// command's arguments, the answer `{ code, stdout, stderr }`. It ends when its parent closes its stdin.
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname } from 'node:path';
import { format } from 'node:util';
import { main } from '../packages/server/src/cli.ts';

const socket = process.argv[2];
if (!socket) throw new Error('usage: node e2e/operatorRunner.ts SOCKET');

/** Runs one command with the console's lines captured, as the process's stdout and stderr would hold them. */
async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error };
  console.log = console.info = (...a: unknown[]) => void out.push(`${format(...a)}\n`);
  console.warn = console.error = (...a: unknown[]) => void err.push(`${format(...a)}\n`);
  let code: number;
  try {
    code = await main(args);
  } catch (e) {
    // As the CLI's entry point does: the message, exit 1.
    err.push(`${e instanceof Error ? e.message : String(e)}\n`);
    code = 1;
  } finally {
    Object.assign(console, saved);
  }
  return { code, stdout: out.join(''), stderr: err.join('') };
}

let queue: Promise<unknown> = Promise.resolve();
const server = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (c: string) => {
    body += c;
  });
  req.on('end', () => {
    const done = queue.then(() => run(JSON.parse(body) as string[]));
    queue = done.catch(() => undefined);
    done.then((r) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(r));
    });
  });
});
server.listen(socket, () => process.stdout.write('ready\n'));
process.stdin.resume();
// The socket's folder is this runner's own (made for it by e2e/operator.ts): gone with it, not left in /tmp.
process.stdin.on('end', () => {
  server.close();
  rmSync(dirname(socket), { recursive: true, force: true });
  process.exit(0);
});
