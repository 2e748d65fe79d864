import { defineConfig } from 'tsup';

// One ESM build with code splitting: the core, the element and the React faces are entries; hls.js and
// shaka-player are bundled but only reached through dynamic import(), so each lands in its own chunk that a
// page fetches from the same origin when a source needs it (never a CDN, never in the entry chunk).
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'react/index': 'src/react/index.ts',
    'element/define': 'src/element/define.ts',
  },
  format: ['esm'],
  target: 'es2022',
  platform: 'browser',
  splitting: true,
  dts: true,
  clean: true,
  sourcemap: true,
  treeshake: true,
  minify: true,
  external: ['react', 'react-dom', 'react/jsx-runtime'],
  noExternal: ['hls.js', 'shaka-player'],
  loader: { '.css': 'copy' },
  onSuccess: 'cp src/styles.css dist/styles.css',
});
