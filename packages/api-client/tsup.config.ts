import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    browser: 'src/browser.ts',
    profiles: 'src/contract/profileRules.ts',
    langs: 'src/contract/langs.ts',
    'contract/index': 'src/contract/index.ts',
    keptAnswers: 'src/keptAnswers.ts',
  },
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  external: ['zod'],
});
