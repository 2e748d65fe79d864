import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './helpers.ts';
import { siteBuilt, startSiteServer } from './productServer.ts';

/** The React server renderer files Node has loaded so far (CommonJS, so they are in require's cache). */
const loadedRenderers = () =>
  Object.keys(createRequire(import.meta.url).cache).filter((f) =>
    /react-dom-server\.node\.(production|development)\.js$/.test(f),
  );

// Decision 0350: whatever NODE_ENV the server has (vitest's is `test`), the built site renders with React's
// production build.
describe.skipIf(!siteBuilt)("the built site's React", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startSiteServer();
  });
  afterAll(() => t?.close());

  it('renders pages with the production build, and leaves NODE_ENV as it was', async () => {
    const before = process.env.NODE_ENV;
    const res = await fetch(`${t.url}/liveTv`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<astro-island');
    const loaded = loadedRenderers();
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.every((f) => f.endsWith('.production.js'))).toBe(true);
    expect(process.env.NODE_ENV).toBe(before);
  });
});
