#!/usr/bin/env node
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createServer, type Origin, type OriginDeps, type SiteHandler } from './app.ts';
import { loadConfig, type ServerConfig } from './config.ts';
import { changeSetting, isSettingKey, readSettings, SETTINGS } from './domain/appConfig.ts';
import { createRechargeBatch } from './domain/recharge.ts';
import { NAMES_USAGE, namesCommand } from './domain/namesCli.ts';
import { mediaSessionCheck } from './domain/mediaRevocation.ts';
import { NOTICE_USAGE, noticeCommand } from './domain/noticesCli.ts';
import { seedIfEmpty } from './seed/index.ts';
import { OPERATOR_USAGE, operatorCommand } from './operator/cli.ts';
import { guideCommand, SOURCES_USAGE, sourcesCommand } from './sources/cli.ts';
import { startRefreshSchedule } from './sources/schedule.ts';
import { openDb } from './store/db.ts';
import { migrate } from './store/migrations.ts';
import { listOutbox } from './store/outbox.ts';
import { listPlans } from './store/plans.ts';
import { batchSummary } from './store/rechargeCodes.ts';
import { formatTelemetryReport } from './domain/telemetryReport.ts';
import { telemetryReportSince } from './domain/telemetryRetention.ts';
import { clearManifest, sealAndStoreManifest, shareLink } from './domain/zeroTrust.ts';
import { compressPages } from './http/compressPages.ts';
import { createStaticHandler } from './http/static.ts';

const here = dirname(fileURLToPath(import.meta.url));

/** Imports one of our own optional modules (media, origin) only when it exists, so serve works without it. */
async function importOptional(relative: string): Promise<Record<string, unknown> | undefined> {
  const file = join(here, relative);
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

export async function loadSite(path: string | undefined): Promise<SiteHandler | undefined> {
  if (!path) return undefined;
  const file = resolve(path);
  if (!existsSync(file)) {
    console.warn(`site entry ${file} not found (build the site first); serving API and media only`);
    return undefined;
  }
  const mod = (await import(pathToFileURL(file).href)) as { handler?: SiteHandler };
  const ssr = mod.handler;
  if (typeof ssr !== 'function') throw new Error(`${file} does not export a 'handler'`);
  // Astro's middleware mode leaves the built client files (dist/client, beside dist/server) to us.
  const serveStatic = createStaticHandler(join(dirname(file), '..', 'client'));
  return (req, res, next) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    serveStatic(req, res, pathname).then((served) => {
      if (served) return;
      compressPages(req, res);
      return ssr(req, res, next);
    }, next);
  };
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

  // Media and origin are the media helper's modules (src/media, src/origin); imported only when present so the
  // API still serves without them. Signatures as of writing: prepareMedia({ dataDir, profile }) → library,
  // createOrigin({ dataDir, secret, library, now }). OTTKIT_MEDIA_PROFILE picks 'full' (default) or 'tiny'.
  const media = await importOptional('media/index.ts');
  const library =
    typeof media?.prepareMedia === 'function'
      ? await (media.prepareMedia as (o: { dataDir: string; profile: string }) => Promise<unknown>)({
          dataDir: config.dataDir,
          profile: process.env.OTTKIT_MEDIA_PROFILE ?? 'full',
        })
      : undefined;
  const originMod = await importOptional('origin/index.ts');
  const createOrigin = originMod?.createOrigin as
    | ((o: {
        dataDir: string;
        secret: string;
        library: unknown;
        now: () => number;
        sessionEnded: (sessionId: string, nowMs: number) => boolean;
      }) => Origin)
    | undefined;
  const origin =
    library !== undefined && typeof createOrigin === 'function'
      ? (deps: OriginDeps) =>
          createOrigin({
            dataDir: config.dataDir,
            secret: config.secret,
            library,
            now: deps.now,
            // Logout revokes the media URLs handed to the session (decision 0100).
            sessionEnded: mediaSessionCheck(deps.db),
          })
      : undefined;

  const site = await loadSite(values.site);
  const server = createServer({ config, origin, site });
  const { url } = await server.listen();
  // The site renders pages by calling this API over HTTP (decision 0005).
  process.env.OTTKIT_API_ORIGIN ??= url;
  console.log(`ottkit listening on ${url}${site ? '' : ' (API and media only; no site)'}`);
  // Operator commands run in another process (zero-trust seal prints links to the site): where it listens.
  writeFileSync(siteUrlFile(config.dataDir), `${JSON.stringify({ url })}\n`);
  // Imported line-ups refresh on their interval, each in a child process (issue 16).
  const stopRefreshes = startRefreshSchedule(config.dataDir);
  const stop = () => {
    stopRefreshes();
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

const USAGE = `Usage: ottkit-server <command> [--data DIR]
  serve [--port N] [--host H] [--site site/dist/server/entry.mjs]   start the product
  outbox [--to ADDRESS] [--limit N]                                 messages waiting for delivery (codes)
  recharge-codes create --plan PLAN_ID --count N                    a batch of 16-digit codes (shown once)
  recharge-codes list                                               batches and how many were redeemed
  plans                                                             plans on sale
  config list | get KEY | set KEY VALUE                              app configuration (spec §3)
  zero-trust seal FILE.json [--required] [--site-url URL] [--port N]  seal a manifest; prints the share link once
  zero-trust clear                                                  remove the sealed manifest
  telemetry [--days N]                                              per-channel start-up p50/p95, stall ratio, errors
${NOTICE_USAGE}
${NAMES_USAGE}
${SOURCES_USAGE}
${OPERATOR_USAGE}`;

const siteUrlFile = (dataDir: string) => join(dataDir, 'site-url.json');

/**
 * The site's address for links the CLI prints: --site-url, else where `serve` last listened on this data
 * folder, else localhost on the configured port (--port, PORT).
 */
function siteUrl(config: ServerConfig, given: string | undefined): string {
  if (given) return given;
  try {
    const { url } = JSON.parse(readFileSync(siteUrlFile(config.dataDir), 'utf8')) as { url?: unknown };
    if (typeof url === 'string' && /^https?:\/\//.test(url)) return url;
  } catch {
    // Never served from this data folder: fall back to the configured port.
  }
  return `http://localhost:${config.port}`;
}

/** Opens the data folder's database for an operator command (migrated and seeded like serve). */
function openStore(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      data: { type: 'string' },
      to: { type: 'string' },
      limit: { type: 'string' },
      plan: { type: 'string' },
      count: { type: 'string' },
      days: { type: 'string' },
      required: { type: 'boolean' },
      'site-url': { type: 'string' },
      port: { type: 'string' },
    },
  });
  const config = loadConfig({
    ...(values.data ? { dataDir: values.data } : {}),
    ...(values.port ? { port: Number(values.port) } : {}),
  });
  const db = openDb(join(config.dataDir, 'ottkit.db'));
  migrate(db);
  seedIfEmpty(db, config);
  return { config, db, values, positionals };
}

function outbox(args: string[]): number {
  const { db, values } = openStore(args);
  const rows = listOutbox(db, { recipient: values.to, limit: Number(values.limit ?? 20) });
  for (const m of rows.reverse()) {
    console.log(
      `#${m.seq} ${new Date(m.created_at).toISOString()} ${m.channel} to ${m.recipient}\n  ${m.subject}\n  ${m.body}`,
    );
  }
  if (rows.length === 0) console.log('The outbox is empty.');
  db.close();
  return 0;
}

function rechargeCodes(args: string[]): number {
  const { db, config, values, positionals } = openStore(args);
  try {
    if (positionals[0] === 'create') {
      if (!values.plan) throw new Error('--plan PLAN_ID is required (see: ottkit-server plans)');
      const { batchId, codes } = createRechargeBatch(
        db,
        config.secret,
        values.plan,
        Number(values.count ?? 10),
        Date.now(),
      );
      console.log(
        `batch ${batchId} for ${values.plan}: ${codes.length} codes (store them now; only hashes are kept)`,
      );
      for (const c of codes) console.log(c);
      return 0;
    }
    if (positionals[0] === 'list') {
      for (const b of batchSummary(db))
        console.log(`${b.batch_id} ${b.plan_id} ${b.redeemed}/${b.total} redeemed`);
      return 0;
    }
    console.log(USAGE);
    return 2;
  } finally {
    db.close();
  }
}

/** Zero-trust mode (spec §1): the server stores the sealed manifest; the key is printed once, in the link. */
async function zeroTrust(args: string[]): Promise<number> {
  const { db, config, values, positionals } = openStore(args);
  try {
    const [verb, file] = positionals;
    if (verb === 'clear') {
      clearManifest(db);
      console.log('zero-trust manifest removed');
      return 0;
    }
    if (verb !== 'seal' || !file) {
      console.log(USAGE);
      return 2;
    }
    const input: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const { key } = await sealAndStoreManifest(db, input, {
      required: Boolean(values.required),
      now: Date.now(),
    });
    const site = siteUrl(config, values['site-url']);
    console.log(
      `sealed; the server stores only the ciphertext. Share this link (the key is not kept anywhere):`,
    );
    console.log(shareLink(site, key));
    return 0;
  } finally {
    db.close();
  }
}

/** The operator's view of how playback went (spec §7 telemetry), over the last N days (7 by default). */
function telemetry(args: string[]): number {
  const { db, values } = openStore(args);
  try {
    const days = Number(values.days ?? 7);
    if (!Number.isFinite(days) || days <= 0) {
      console.error('--days takes a positive number');
      return 2;
    }
    console.log(formatTelemetryReport(telemetryReportSince(db, Date.now() - days * 86_400_000)));
    return 0;
  } finally {
    db.close();
  }
}

function plans(args: string[]): number {
  const { db } = openStore(args);
  for (const p of listPlans(db)) {
    const name = p.planLang.find((l) => l.lang === 'en')?.planName ?? p.planId;
    console.log(`${p.planId}  ${name}  ${p.price} ${p.currency}  ${p.productId} ${p.durationDays} days`);
  }
  db.close();
  return 0;
}

function configCommand(args: string[]): number {
  const { db, positionals } = openStore(args);
  try {
    const [verb, key, value] = positionals;
    const settings = readSettings(db) as Record<string, unknown>;
    if (verb === 'list' || verb === undefined) {
      for (const k of Object.keys(SETTINGS)) console.log(`${k}=${String(settings[k])}`);
      return 0;
    }
    if (verb === 'get' && key) {
      if (!isSettingKey(key)) throw new Error(`Unknown setting '${key}'`);
      console.log(String(settings[key]));
      return 0;
    }
    if (verb === 'set' && key && value !== undefined) {
      changeSetting(db, key, value);
      console.log(`${key}=${value}`);
      return 0;
    }
    console.log(USAGE);
    return 2;
  } finally {
    db.close();
  }
}

/** The usage lines of one command (a command's lines start with its name; continuation lines follow them). */
export function usageOf(command: string): string | undefined {
  const lines = USAGE.split('\n').slice(1);
  const out: string[] = [];
  let mine = false;
  for (const line of lines) {
    const head = /^ {2}(\S+)/.exec(line)?.[1];
    if (head) mine = head === command;
    if (mine) out.push(line);
  }
  return out.length ? `Usage: ottkit-server [--data DIR]\n${out.join('\n')}` : undefined;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  // Every command answers --help (or -h) with its usage, before parsing anything else.
  if (command && (rest.includes('--help') || rest.includes('-h'))) {
    const usage = usageOf(command);
    console.log(usage ?? USAGE);
    return usage ? 0 : 2;
  }
  switch (command) {
    case 'serve':
      await serve(rest);
      return -1;
    case 'outbox':
      return outbox(rest);
    case 'recharge-codes':
      return rechargeCodes(rest);
    case 'plans':
      return plans(rest);
    case 'config':
      return configCommand(rest);
    case 'zero-trust':
      return zeroTrust(rest);
    case 'telemetry':
      return telemetry(rest);
    case 'notice':
      return noticeCommand(rest);
    case 'names':
      return namesCommand(rest);
    case 'sources':
      return sourcesCommand(rest);
    case 'guide':
      return guideCommand(rest);
    case 'operator':
      return operatorCommand(rest);
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
