// Kept in its own file so the page works under a CSP without 'unsafe-inline'.
const player = document.getElementById('player');
const log = document.getElementById('log');
const query = new URLSearchParams(location.search);
// The mode goes first and the source last: setting `src` is what starts a load. `?src=` may name a stream on
// another origin (the page's Content-Security-Policy allows it); by default the stream beside the page plays.
const mode = query.get('mode');
if (mode) player.setAttribute('mode', mode);
player.setAttribute('src', query.get('src') ?? '/live.m3u8');
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
