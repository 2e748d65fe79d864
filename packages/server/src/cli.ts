#!/usr/bin/env node
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from './cli/index.ts';

// The operator CLI's entry point (`node src/cli.ts <command>`); the commands live in src/cli/ (see commands.ts).
export { main, usageOf } from './cli/index.ts';
export { loadSite } from './cli/serve.ts';

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => {
      if (code >= 0) process.exitCode = code;
    },
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exitCode = 1;
    },
  );
}
