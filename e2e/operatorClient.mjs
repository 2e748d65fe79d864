// Sends one command to this worker's operator runner (e2e/operatorRunner.ts) and prints its answer as the CLI
// would have: stdout, stderr, and its exit code. Plain JavaScript, so it starts in a few tens of milliseconds.
import { request } from 'node:http';

const [socket, json] = process.argv.slice(2);
const req = request({ socketPath: socket, path: '/', method: 'POST' }, (res) => {
  let body = '';
  res.setEncoding('utf8');
  res.on('data', (c) => {
    body += c;
  });
  res.on('end', () => {
    const { code, stdout, stderr } = JSON.parse(body);
    process.stdout.write(stdout);
    process.stderr.write(stderr);
    process.exitCode = code;
  });
});
req.on('error', (e) => {
  process.stderr.write(`operator runner: ${e.message}\n`);
  process.exitCode = 1;
});
req.end(json);
