#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createServer, type Origin, type OriginDeps, type SiteHandler } from './app.ts';
import { loadConfig, type ServerConfig } from './config.ts';

const here = dirname(fileURLToPath(import.meta.url));

/** Imports one of our own optional modules (media, origin) only when it exists, so serve works without it. */
async function importOptional(relative: string): Promise<Record<string, unknown> | undefined> {
  const file = join(here, relative);
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

async function loadSite(path: string | undefined): Promise<SiteHandler | undefined> {
  if (!path) return undefined;
  const file = resolve(path);
  if (!existsSync(file)) {
    console.warn(`site entry ${file} not found (build the site first); serving API and media only`);
    return undefined;
  }
  const mod = (await import(pathToFileURL(file).href)) as { handler?: SiteHandler };
  if (typeof mod.handler !== 'function') throw new Error(`${file} does not export a 'handler'`);
  return mod.handler;
}

async function serve(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      data: { type: 'string' },
      site: { type: 'string' },
    },
  });
  const overrides: Partial<ServerConfig> = {};
  if (values.port !== undefined) overrides.port = Number(values.port);
  if (values.host !== undefined) overrides.host = values.host;
  if (values.data !== undefined) overrides.dataDir = values.data;
  const config = loadConfig(overrides);

  // TODO(lead): confirm the media helper's signatures; these calls follow src/media and src/origin when present.
  const media = await importOptional('media/index.ts');
  if (typeof media?.prepareMedia === 'function') {
    await (media.prepareMedia as (o: { dataDir: string }) => Promise<unknown>)({ dataDir: config.dataDir });
  }
  const originMod = await importOptional('origin/index.ts');
  const origin =
    typeof originMod?.createOrigin === 'function'
      ? (deps: OriginDeps) => (originMod.createOrigin as (d: OriginDeps) => Origin)(deps)
      : undefined;

  const site = await loadSite(values.site);
  const server = createServer({ config, origin, site });
  const { url } = await server.listen();
  console.log(`ottkit listening on ${url}${site ? '' : ' (API and media only; no site)'}`);
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

const USAGE = `Usage: ottkit-server <command>
  serve [--port N] [--host H] [--data DIR] [--site site/dist/server/entry.mjs]   start the product`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      await serve(rest);
      return -1;
    default:
      console.log(USAGE);
      return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
  }
}

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
