import type { AstroGlobal } from 'astro';
import { createClient } from '@ottkit/api-client/client';
import {
  type CallDescriptor,
  type Operator,
  operatorContract,
  roleMayCall,
} from '@ottkit/api-client/contract';
import { apiOrigin } from './api.ts';

/**
 * The console's pages (issue 18): the operator session cookie is checked with the server before anything
 * paints; no session, an ended one or a forged one goes to /admin/login. `screen` is a call the page is for:
 * a role that may not make it sees a refusal instead of the screen.
 */
export async function requireOperator(
  astro: AstroGlobal,
  screen?: CallDescriptor,
): Promise<{ operator: Operator; allowed: boolean } | { redirect: Response }> {
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
    return { operator, allowed: screen ? roleMayCall(operator.role, screen) : true };
  } catch {
    return { redirect: astro.redirect('/admin/login', 302) };
  }
}
