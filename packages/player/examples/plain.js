// Kept in its own file so the page works under a CSP without 'unsafe-inline'.
const player = document.getElementById('player');
const log = document.getElementById('log');
const src = new URLSearchParams(location.search).get('src');
if (src) player.setAttribute('src', src);
const mode = new URLSearchParams(location.search).get('mode');
if (mode) player.setAttribute('mode', mode);
for (const name of ['ottkit-statechange', 'ottkit-firstframe', 'ottkit-error', 'ottkit-ended']) {
  player.addEventListener(name, (e) => {
    log.textContent += `${name} ${JSON.stringify(e.detail)}\n`;
  });
}
// The Favorite button asks; the page decides (here at once; a real host asks its server first).
player.addEventListener('ottkit-favorite', (e) => {
  player.setAttribute('favorite', String(e.detail.favorite));
  log.textContent += `ottkit-favorite ${JSON.stringify(e.detail)}\n`;
});
