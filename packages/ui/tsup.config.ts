import { copyFile } from 'node:fs/promises';
import { defineConfig } from 'tsup';

// CSS modules: esbuild's `local-css` loader scopes class names and tsup collects every imported stylesheet
// into one `dist/index.css` (the `./styles.css` export). Nothing is injected at run time, so server rendering
// and a strict CSP work. tsup's own CSS plugin claims every `.css` and hands it on with the `.css` loader, so
// the loader is set for `.css`: components import only `*.module.css` (Vite scopes exactly those too).
// Tokens are global on purpose and are copied, not bundled (`./tokens.css`).
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  external: ['react', 'react-dom', 'react/jsx-runtime', '@ottkit/api-client'],
  loader: { '.css': 'local-css' },
  async onSuccess() {
    await copyFile('src/tokens.css', 'dist/tokens.css');
  },
});
