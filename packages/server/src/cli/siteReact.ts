import { createRequire } from 'node:module';

/**
 * The modules of React a built site renders with. Each picks its development or production build by NODE_ENV
 * when it is first loaded (react-dom/server loads its scheduler with it), and the site's server build leaves
 * them to node_modules, so they load with whatever NODE_ENV the server has.
 */
const SITE_REACT = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server'] as const;

/**
 * Loads the built site's React as its production build (decision 0350), before the site does: the development
 * build rendered a 10,000-channel /liveTv 2-4 times slower and checks nothing a built site needs. NODE_ENV is
 * `production` only while they load, so the rest of the server keeps its own reading of it (NODE_ENV=production
 * also refuses the sandbox member site, decision 0160, and the server's child processes inherit the
 * environment). Node keeps each module once, so the site's own imports of them get these.
 */
export function loadProductionReact(siteEntry: string): void {
  const fromSite = createRequire(siteEntry);
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    for (const id of SITE_REACT) fromSite(id);
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
}
