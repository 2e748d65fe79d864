import { statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_LANG, isLang, LANG_COOKIE, type Lang } from '@ottkit/api-client/contract';
import { sendBody } from './send.ts';

/**
 * A site build replaced under a running server (an upgrade in place: build, then restart; issue 37). The pages
 * the server had not rendered yet import code that is gone, and every page the old code renders names assets
 * the new build removed. From the moment the build's entry changes on disk, pages answer 503 with a page that
 * says a restart is coming (the operator's log says a restart is needed, once), until the restart loads the new
 * build. The built client files keep being served.
 */
export function watchSiteBuild(entry: string, log: (line: string) => void = console.error) {
  const loaded = statSync(entry).mtimeMs;
  let told = false;
  return {
    /** True once the build on disk is not the one this process loaded. */
    replaced(): boolean {
      const now = statSync(entry, { throwIfNoEntry: false })?.mtimeMs;
      if (now === loaded) return false;
      if (!told) {
        told = true;
        log(
          `the site build at ${entry} was replaced while this server ran: restart the server to serve it (pages answer 503 until then)`,
        );
      }
      return true;
    },
  };
}

const TEXTS: Record<Lang, { title: string; body: string }> = {
  en: {
    title: 'Updating',
    body: 'A new version of this site is being installed. Please try again in a minute.',
  },
  es: {
    title: 'Actualizando',
    body: 'Se está instalando una nueva versión de este sitio. Vuelve a intentarlo en un minuto.',
  },
  pt: {
    title: 'Atualizando',
    body: 'Uma nova versão deste site está sendo instalada. Tente novamente em um minuto.',
  },
};

/** The viewer's language by the site's cookie, then Accept-Language, else the default. */
function langOf(req: IncomingMessage): Lang {
  const cookie = new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=([a-z]{2})`).exec(req.headers.cookie ?? '')?.[1];
  if (isLang(cookie)) return cookie;
  const accepted = (req.headers['accept-language'] ?? '').split(',').map((l) => l.trim().slice(0, 2));
  return accepted.find(isLang) ?? DEFAULT_LANG;
}

/** The 503 page of a replaced build: its own small HTML, since the site's code is what is missing. */
export function sendSiteReplaced(req: IncomingMessage, res: ServerResponse): void {
  const lang = langOf(req);
  const { title, body } = TEXTS[lang];
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1>${title}</h1><p>${body}</p></body></html>`;
  sendBody(
    req.method,
    res,
    503,
    {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': '30',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
    html,
  );
}
