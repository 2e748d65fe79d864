import type { APIRoute } from 'astro';
import { shellBrand, shellResponse } from '../../pwa/serve.ts';
import { offlineCss } from '../../pwa/shell.ts';

// The offline page's stylesheet, in the operator's colours (decision 0402).
export const prerender = false;

export const GET: APIRoute = ({ request, locals }) =>
  shellResponse(request, offlineCss(shellBrand(locals).colours), 'text/css; charset=utf-8', locals);
