// The remote's keys in the tv layout only (decision 0266; components/TvLayoutHead.astro chose the layout).
if (document.documentElement.dataset.layout === 'tv')
  void import('../lib/tv/remote.ts').then((m) => m.startTvRemote(document));

// The sticky header's height, for the page's scroll padding (styles/global.css, decision 0300): a control reached
// by Tab or the remote scrolls fully clear of the header, whether it wraps to two rows (phones) or the tv layout
// makes its type bigger.
const header = document.querySelector<HTMLElement>('.site-header');
if (header && typeof ResizeObserver !== 'undefined') {
  const root = document.documentElement;
  new ResizeObserver(() => root.style.setProperty('--site-header-h', `${header.offsetHeight}px`)).observe(
    header,
  );
}
