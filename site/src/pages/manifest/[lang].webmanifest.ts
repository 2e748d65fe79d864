import type { APIRoute } from 'astro';
import { isLang } from '../../i18n/langs.ts';
import { shellBrand, shellResponse } from '../../pwa/serve.ts';
import { manifestFor } from '../../pwa/shell.ts';

// The installable app's manifest of one language, in the operator's brand (decision 0402).
export const prerender = false;

export const GET: APIRoute = ({ params, request, locals }) => {
  const { lang } = params;
  if (!isLang(lang)) return new Response('No such manifest', { status: 404 });
  const { name, colours } = shellBrand(locals);
  const body = `${JSON.stringify(manifestFor(lang, colours, name), null, 2)}\n`;
  return shellResponse(request, body, 'application/manifest+json', locals);
};
