import type { APIRoute } from 'astro';
import { isLang } from '../../i18n/langs.ts';
import { shellBrand, shellResponse } from '../../pwa/serve.ts';
import { offlineHtml } from '../../pwa/shell.ts';

// The page the worker shows when the network is gone, in one language and the operator's brand (decision 0402).
export const prerender = false;

export const GET: APIRoute = ({ params, request, locals }) => {
  const { lang } = params;
  if (!isLang(lang)) return new Response('No such page', { status: 404 });
  const { name, colours } = shellBrand(locals);
  const ownIcon = Boolean(locals.appConfig?.brand.iconVersion);
  const html = offlineHtml(lang, colours, name, ownIcon);
  return shellResponse(request, html, 'text/html; charset=utf-8', locals);
};
