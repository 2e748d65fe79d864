import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerConfig } from '../config.ts';

/** Where `serve` notes the site's address for the commands (backups keep it). */
export const SITE_URL_FILE = 'site-url.json';
const siteUrlFile = (dataDir: string) => join(dataDir, SITE_URL_FILE);

/** `serve` notes where it listens, for operator commands run in another process (zero-trust links). */
export function rememberSiteUrl(dataDir: string, url: string): void {
  writeFileSync(siteUrlFile(dataDir), `${JSON.stringify({ url })}\n`);
}

/**
 * The site's address for links the CLI prints: --site-url, else where `serve` last listened on this data
 * folder, else localhost on the configured port (--port, PORT).
 */
export function siteUrl(config: ServerConfig, given: string | undefined): string {
  if (given) return given;
  try {
    const { url } = JSON.parse(readFileSync(siteUrlFile(config.dataDir), 'utf8')) as { url?: unknown };
    if (typeof url === 'string' && /^https?:\/\//.test(url)) return url;
  } catch {
    // Never served from this data folder: fall back to the configured port.
  }
  return `http://localhost:${config.port}`;
}
