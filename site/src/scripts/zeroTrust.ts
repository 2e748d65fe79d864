import { parseShareKey, storedManifest, storeManifest } from '../lib/zeroTrust.ts';

// Zero-trust start-up (spec §1, §8). A share link carries the key in its fragment, which the browser never
// sends: the sealed manifest is fetched from the server and opened here with WebCrypto. Until it has opened,
// the product does not start: a wrong or missing key blocks the page with its error, and nothing is stored.
const texts = document.getElementById('zero-trust-texts')?.dataset ?? {};
const required = document.body.dataset.zeroTrust === 'required';

function block(message: string) {
  document.documentElement.dataset.zeroTrustBlocked = 'true';
  const screen = document.createElement('div');
  screen.className = 'zero-trust-block';
  screen.setAttribute('role', 'alertdialog');
  screen.setAttribute('aria-modal', 'true');
  screen.setAttribute('aria-labelledby', 'zero-trust-error');
  const p = document.createElement('p');
  p.id = 'zero-trust-error';
  p.textContent = message;
  screen.append(p);
  document.body.append(screen);
  // Blocked means nothing plays: the API client holds every call (lib/api.ts), and any media element that
  // starts anyway (a clip the page rendered) is paused at once.
  const stop = (e: Event) => e.target instanceof HTMLMediaElement && e.target.pause();
  document.addEventListener('play', stop, true);
  for (const m of document.querySelectorAll<HTMLMediaElement>('video, audio')) m.pause();
}

function applyBranding() {
  const manifest = storedManifest();
  if (!manifest) return;
  for (const el of document.querySelectorAll<HTMLElement>('[data-brand-name]'))
    el.textContent = manifest.operatorName;
  if (manifest.accentColor)
    document.documentElement.style.setProperty('--ok-color-accent', manifest.accentColor);
}

async function start() {
  const share = parseShareKey(location.hash);
  if (share?.kind === 'missing') return block(texts.missing ?? 'Share key not found!');
  if (share?.kind === 'key') {
    // Loaded only for share links, so ordinary pages do not pay for the contract's schemas. The manifest is
    // asked of this site's own origin with a client of its own: the browser's client holds every call until
    // the manifest has opened (lib/api.ts), and only the manifest says where the other areas live.
    // Each import destructured where it is awaited: the bundler then keeps only the names used, and the client's
    // chunk, shared with every page, carries no namespace object of all its exports (decision 0340).
    const contract = import('@ottkit/api-client/contract');
    const { createClient } = await import('@ottkit/api-client/client');
    const { openManifest, ZERO_TRUST_PROPERTY } = await contract;
    let sealed: string | undefined;
    try {
      const api = createClient({ lang: () => document.documentElement.lang || 'en' });
      sealed = (await api.account.manifestProperty({})).properties[ZERO_TRUST_PROPERTY];
    } catch (e) {
      const name = (e as Error).name;
      if (name === 'NetworkError' || name === 'TimeoutError')
        return block(texts.network ?? 'The network is unavailable.');
      // Any other answer: the server has no sealed manifest to give.
    }
    if (!sealed) return block(texts.none ?? 'This operator has no zero-trust configuration.');
    const opened = await openManifest(sealed, share.key);
    if (!opened.ok) return block(texts.wrong ?? 'This link’s key does not open the configuration.');
    storeManifest(opened.manifest);
    // Start afresh without the key in the address bar or history, fully configured.
    location.replace(location.pathname + location.search);
    return;
  }
  if (required && !storedManifest()) return block(texts.missing ?? 'Share key not found!');
  applyBranding();
}

void start();
