import type { APIRoute } from 'astro';
import { iconPng, shellBrand, shellResponse } from '../../pwa/serve.ts';

// The installable app's icons, drawn in the operator's colours (decision 0402).
export const prerender = false;

export const GET: APIRoute = ({ params, request, locals }) => {
  const png = iconPng(params.icon ?? '', shellBrand(locals).colours);
  return png
    ? shellResponse(request, png, 'image/png', locals)
    : new Response('No such icon', { status: 404 });
};
