import { useEffect, useState } from 'react';

/**
 * False during the server render and the hydrating render, true from the first effect on. An island that
 * hydrates late (client:idle) must render what the server rendered until then: a shared store that another
 * island already filled would otherwise make its first render differ from the HTML (a hydration mismatch,
 * and React throws the server's HTML away).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
