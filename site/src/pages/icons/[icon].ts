import type { APIRoute } from 'astro';
import { iconPng, shellResponse } from '../../pwa/serve.ts';

// The installable app's icons: the operator's own (decision 0405), or the play mark in their colours (0402).
export const prerender = false;

export const GET: APIRoute = async ({ params, request, locals }) => {
  const png = await iconPng(params.icon ?? '', locals);
  return png
    ? shellResponse(request, png, 'image/png', locals)
    : new Response('No such icon', { status: 404 });
};
