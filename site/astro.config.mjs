import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { API_PREFIXES } from '@ottkit/api-client/contract';
import { layoutScriptHash } from './src/lib/tv/layout.ts';
import { pwa, registerScriptHash } from './src/pwa/integration.ts';

// The site is rendered on the server (personal data and interaction live in React islands) and is
// mounted by @ottkit/server in middleware mode, so site, API and media share one origin and port.
// `astro dev` proxies the API and media to a server started separately (OTTKIT_API_ORIGIN).
const api = process.env.OTTKIT_API_ORIGIN ?? 'http://127.0.0.1:4321';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), pwa()],
  trailingSlash: 'ignore',
  server: { port: 4322, host: '127.0.0.1' },
  devToolbar: { enabled: false },
  // Content-Security-Policy (decision 0163): Astro hashes the inline scripts and styles it renders (island
  // hydration) and sends the policy as a header; @ottkit/server adds frame-ancestors per page.
  security: {
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        // data: for hls.js's subtitle tracks, each given an empty `data:,WEBVTT` source (a Chrome captions-menu
        // workaround); refused, the page logged a violation whenever a stream with subtitles started. Media runs no code.
        "media-src 'self' blob: data:",
        "worker-src 'self' blob:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
      ],
      // React renders style attributes (widths, colours from operator data); they cannot run code.
      // The service worker's registration (decision 0205) and the tv layout's choice (0266), rendered inline.
      scriptDirective: { hashes: [registerScriptHash(), layoutScriptHash()] },
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
  vite: {
    server: {
      // The API's prefixes come from the contract (the console's `/admin/api/` too); `/media` is the origin's.
      proxy: Object.fromEntries([...API_PREFIXES.map((p) => p.slice(0, -1)), '/media'].map((p) => [p, api])),
    },
  },
});
