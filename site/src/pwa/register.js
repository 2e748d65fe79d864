// The installable app's page side (decision 0205), rendered inline by components/PwaScript.astro and allowed by
// its SHA-256 in the Content-Security-Policy (astro.config.mjs hashes this very file). Plain JavaScript: it is not
// bundled, so it costs the home page's JavaScript budget (decision 0084) no extra file.
(() => {
  const sw = navigator.serviceWorker;
  const d = document.getElementById('pwa-texts')?.dataset;
  if (!sw || !d) return;
  let asked = false;
  const offer = (reload) => {
    if (document.getElementById('ottkit-update-offer')) return;
    const bar = document.createElement('div');
    bar.id = 'ottkit-update-offer';
    bar.className = 'update-offer';
    bar.setAttribute('role', 'status');
    bar.textContent = `${d.message} `;
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = d.reload;
    button.onclick = reload;
    bar.append(button);
    // First in the page's flow, above the header: it pushes the page down and covers nothing (a fixed bar hid
    // the live player's controls); the full-screen player covers it while it is open.
    document.body.prepend(bar);
  };
  // The worker waiting when the viewer clicks, not the one the offer was made for: a later update check may have
  // replaced that one (a redundant worker ignores the message, and nothing happened on click). With none waiting
  // any more, or no take-over within 5 s, the page reloads all the same: the timer is set first, so a question
  // to the browser that never gets its answer cannot leave the viewer with a button that does nothing.
  const takeOver = () => {
    asked = true;
    setTimeout(() => location.reload(), 5_000);
    sw.getRegistration().then(
      (reg) => (reg?.waiting ? reg.waiting.postMessage(d.skip) : location.reload()),
      () => location.reload(),
    );
  };
  addEventListener('load', async () => {
    // A browser that keeps no workers here (private windows, storage turned off) refuses, or answers nothing:
    // the site works without the worker, and says nothing about it.
    const reg = await sw.register(d.sw, { scope: '/' }).catch(() => undefined);
    if (!reg) return;
    let had = sw.controller !== null;
    const watch = (w) =>
      w?.addEventListener('statechange', () => {
        if (w.state === 'installed' && sw.controller) offer(takeOver);
      });
    if (reg.waiting && sw.controller) offer(takeOver);
    watch(reg.installing);
    reg.addEventListener('updatefound', () => watch(reg.installing));
    sw.addEventListener('controllerchange', () => {
      if (asked) location.reload();
      else if (had) offer(() => location.reload());
      had = true;
    });
    // A tab left open (live TV) looks for a new build when the viewer comes back to it.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') reg.update().catch(() => {});
    });
  });
})();
