import type { APIRoute } from 'astro';
import { shellBrand, shellResponse } from '../pwa/serve.ts';
import { faviconSvg } from '../pwa/shell.ts';

// The tab's icon, in the operator's colour and named after the service (decision 0402).
export const prerender = false;

export const GET: APIRoute = ({ request, locals }) => {
  const { name, colours } = shellBrand(locals);
  return shellResponse(request, faviconSvg(colours, name), 'image/svg+xml', locals);
};
