// Store engine: SQLite only. What it proves is how the server loads and watches the site build; the store only
// answers the pages rendered before the build was replaced.
import { cpSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadSite } from '../src/cli.ts';
import { repoRoot } from '../src/config.ts';
import type { TestServer } from './helpers.ts';
import { SITE_ENTRY, siteBuilt, startProductServer } from './productServer.ts';

// Issue 37: a site build replaced under a running server (an upgrade in place) answered its pages with errors
// from code that was gone. Now its pages say an update is being installed (503, in the viewer's language) and the
// operator's log says a restart is needed, once; the client files are still served.

// Inside site/, so the copy's server code finds the site's node_modules as the build itself does.
const copy = join(repoRoot, 'site', '.data', `replaced-${process.pid}`);
let t: TestServer;
const logged: string[] = [];

beforeAll(async () => {
  if (!siteBuilt) throw new Error(`${SITE_ENTRY} is missing (npm run build)`);
  cpSync(join(SITE_ENTRY, '..', '..'), copy, { recursive: true });
  vi.spyOn(console, 'error').mockImplementation((line: unknown) => void logged.push(String(line)));
  const site = await loadSite(join(copy, 'server', 'entry.mjs'));
  t = await startProductServer(site ? { site } : {});
  process.env.OTTKIT_API_ORIGIN = t.url;
}, 120_000);
afterAll(async () => {
  await t?.close();
  vi.restoreAllMocks();
  rmSync(copy, { recursive: true, force: true });
});

describe('a site build replaced under the running server', () => {
  it('answers its pages with an update page until the restart, and tells the operator once', async () => {
    expect((await fetch(`${t.url}/home`)).status).toBe(200);
    const asset = readdirSync(join(copy, 'client', '_astro')).find((f) => f.endsWith('.js'));

    // A new build writes its entry.
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(copy, 'server', 'entry.mjs'), later, later);

    const page = await fetch(`${t.url}/vod`);
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('30');
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('A new version of this site is being installed');
    expect(html).not.toMatch(/ERR_MODULE_NOT_FOUND|entry\.mjs|at \w+ \(/);

    const spanish = await fetch(`${t.url}/home`, { headers: { cookie: 'ottkit_lang=es' } });
    expect(spanish.status).toBe(503);
    expect(await spanish.text()).toContain('Se está instalando una nueva versión');
    const portuguese = await fetch(`${t.url}/home`, { headers: { 'accept-language': 'pt-BR,pt;q=0.9' } });
    expect(await portuguese.text()).toContain('Uma nova versão deste site');

    // The client files are still served; the API answers as before.
    expect((await fetch(`${t.url}/_astro/${asset}`)).status).toBe(200);
    const told = logged.filter((l) => l.includes('was replaced while this server ran'));
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('restart the server');
  });
});
