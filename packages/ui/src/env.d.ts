// CSS modules: Vite (site, Storybook, Vitest) and esbuild (tsup) both turn `X.module.css` into a class map.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
