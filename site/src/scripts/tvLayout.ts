// The remote's keys in the tv layout only (decision 0266; components/TvLayoutHead.astro chose the layout).
if (document.documentElement.dataset.layout === 'tv')
  void import('../lib/tv/remote.ts').then((m) => m.startTvRemote(document));
