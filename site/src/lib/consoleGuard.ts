import type { AstroGlobal } from 'astro';
import { createClient } from '@ottkit/api-client/client';
import { type Operator, operatorContract, roleMayCall } from '@ottkit/api-client/contract';
import { apiOrigin } from './api.ts';
import { type ConsoleScreen, screenAt } from './consoleScreens.ts';

/**
 * The console's pages (issue 18): the operator session cookie is checked with the server before anything
 * paints; no session, an ended one or a forged one goes to /admin/login. The page's screen (`CONSOLE_SCREENS`,
 * by its path) names the call it is for: a role that may not make it sees a refusal instead of the screen.
 */
export async function requireOperator(
  astro: AstroGlobal,
): Promise<{ operator: Operator; allowed: boolean; screen?: ConsoleScreen } | { redirect: Response }> {
  const screen = screenAt(astro.url.pathname);
  // What an operator sees is nobody else's: never kept by a cache, never shown again from history after sign-out.
  astro.response.headers.set('cache-control', 'no-store');
  const cookie = astro.request.headers.get('cookie') ?? '';
  const api = createClient(
    {
      baseUrl: apiOrigin(),
      lang: () => astro.locals.lang,
      fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers ?? {}), cookie } }),
    },
    operatorContract,
  );
  try {
    const { operator } = await api.operator.operatorMe({});
    return { operator, allowed: screen ? roleMayCall(operator.role, screen.call) : true, screen };
  } catch {
    return { redirect: astro.redirect('/admin/login', 302) };
  }
}
