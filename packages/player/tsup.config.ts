import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
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
  // The tree-shaking pass drops module directives, so the React entry gets its 'use client' back here (React
  // Server Components frameworks then treat the faces as client components; decision 0195).
  async onSuccess() {
    await copyFile('src/styles.css', 'dist/styles.css');
    const react = 'dist/react/index.js';
    const code = await readFile(react, 'utf8');
    if (!code.startsWith('"use client"')) await writeFile(react, `"use client";${code}`);
    // The bundled engines' licences (Apache-2.0) travel with their code (decision 0198).
    await mkdir('dist/licenses', { recursive: true });
    for (const engine of ['hls.js', 'shaka-player']) {
      await copyFile(`node_modules/${engine}/LICENSE`, `dist/licenses/${engine}.LICENSE`);
    }
  },
});
