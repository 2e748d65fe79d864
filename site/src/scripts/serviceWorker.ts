import { SKIP_WAITING, SW_PATH } from '../pwa/paths.ts';

// The installable app's worker (decision 0205), registered after the page has loaded so it never competes with
// the page. A new build's worker waits; the viewer is offered a reload (a bar that blocks nothing), and only
// then does it take over, so a page never runs one build's HTML with another build's chunks.
let asked = false;

function offerReload(reload: () => void) {
  if (document.getElementById('ottkit-update-offer')) return;
  const texts = document.getElementById('pwa-texts')?.dataset ?? {};
  const bar = document.createElement('div');
  bar.id = 'ottkit-update-offer';
  bar.setAttribute('role', 'status');
  bar.className = 'update-offer';
  bar.textContent = `${texts.message ?? ''} `;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = texts.reload ?? '';
  button.addEventListener('click', reload);
  bar.append(button);
  document.body.append(bar);
}

/** The waiting build takes over when the viewer chooses; the controllerchange that follows reloads the tab. */
const takeOver = (waiting: ServiceWorker) => () => {
  asked = true;
  waiting.postMessage(SKIP_WAITING);
};

async function register() {
  const sw = navigator.serviceWorker;
  const reg = await sw.register(SW_PATH, { scope: '/' });
  // A first install claims the page too (controllerchange) but is no new version: nothing to offer then.
  let hadController = sw.controller !== null;
  const watch = (worker: ServiceWorker | null) => {
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && sw.controller) offerReload(takeOver(worker));
    });
  };
  if (reg.waiting && sw.controller) offerReload(takeOver(reg.waiting));
  watch(reg.installing);
  reg.addEventListener('updatefound', () => watch(reg.installing));
  // The new build took over: this tab reloads if its viewer asked; another tab is offered the reload.
  sw.addEventListener('controllerchange', () => {
    if (asked) location.reload();
    else if (hadController) offerReload(() => location.reload());
    hadController = true;
  });
  // A tab left open (live TV) looks for a new build when the viewer comes back to it.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void reg.update().catch(() => undefined);
  });
}

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  addEventListener('load', () => void register().catch((e) => console.warn('service worker', e)));
}
