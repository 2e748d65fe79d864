// The test run's first step beside the builds (scripts/test-run.mjs): the tiny profile encoded once into the run's
// media cache (OTTKIT_MEDIA_CACHE), so every server, test file and journey after it links that copy.
import { tinyLibrary } from './origin-fixture.ts';

const t0 = Date.now();
const lib = await tinyLibrary();
console.log(`media: the tiny profile ready in ${lib.dir} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
