// The test run's first step beside the lint and the site build (scripts/test-run.mjs): every media the run's
// servers and suites play, encoded once before they start, so none of them encodes it and none races another
// for it. The tiny profile goes into the run's media cache (OTTKIT_MEDIA_CACHE), which every server, test file
// and journey links; the player's fixture stream (its browser suites' profile: 130 s at 10 frames a second) into
// its folder, which the player's checks and the consumers' stream both serve.
process.env.OTTKIT_PLAYER_FIXTURE ??= 'tests';
const { tinyLibrary } = await import('../packages/server/test/origin-fixture.ts');
const { prepareMedia } = await import('../packages/player/e2e/fixture-origin.ts');

let t0 = Date.now();
const lib = await tinyLibrary();
console.log(`media: the tiny profile ready in ${lib.dir} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
t0 = Date.now();
const fixture = prepareMedia();
console.log(
  `media: the player's fixture stream ready in ${fixture} (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
);
