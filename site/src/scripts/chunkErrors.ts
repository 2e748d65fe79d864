import { chunkFailureAction, classifyChunkFailure } from '../lib/chunks.ts';

// Spec §8: a script (ChunkLoadError) or stylesheet (CSS_CHUNK_LOAD_FAILED) chunk that fails to load is retried
// once — a fresh load of the page fetches the chunks again — and then the viewer is offered a reload. Neither
// is a product message, so the offer is a plain bar; its words come translated with the page (PageScripts).

function offerReload() {
  if (document.getElementById('ottkit-chunk-error')) return;
  const t = document.getElementById('chunk-error-texts')?.dataset ?? {};
  const bar = document.createElement('div');
  bar.id = 'ottkit-chunk-error';
  bar.setAttribute('role', 'alert');
  bar.className = 'chunk-error';
  bar.textContent = `${t.msg ?? 'Part of this page could not be loaded.'} `;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = t.action ?? 'Reload';
  button.addEventListener('click', () => location.reload());
  bar.append(button);
  document.body.append(bar);
}

function onFailure(error: unknown, event?: Event) {
  const failure = classifyChunkFailure(error);
  if (!failure) return;
  event?.preventDefault();
  console.warn(failure.code, failure.message);
  if (chunkFailureAction(sessionStorage, Date.now()) === 'retry') location.reload();
  else offerReload();
}

window.addEventListener('vite:preloadError', (e) =>
  onFailure((e as Event & { payload?: unknown }).payload, e),
);
window.addEventListener('unhandledrejection', (e) => onFailure(e.reason, e));
