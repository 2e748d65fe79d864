import { AUDIO_POSTER_INTERVAL_MS } from '../core/constants.ts';

/** The rotating posters of an audio channel or item: the same markup and timing as the React face. */
export function createPosterCarousel(section: HTMLElement) {
  let timer: ReturnType<typeof setInterval> | null = null;
  let index = 0;
  const images = () => [...section.querySelectorAll<HTMLImageElement>('img')];
  const show = (i: number) => {
    const all = images();
    index = all.length ? i % all.length : 0;
    for (const [n, img] of all.entries()) img.setAttribute('data-active', String(n === index));
  };
  const stop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  return {
    /** Shows `posters` (when `visible`) from the first one, rotating while there are several. */
    set(posters: readonly string[], visible: boolean) {
      stop();
      const key = posters.join('\n');
      if (section.dataset.key !== key) {
        section.dataset.key = key;
        section.replaceChildren(
          ...posters.map((url) => {
            const img = document.createElement('img');
            img.src = url;
            img.alt = '';
            img.className = 'ottkit-poster';
            return img;
          }),
        );
      }
      section.hidden = !visible || posters.length === 0;
      show(0);
      if (!section.hidden && posters.length > 1)
        timer = setInterval(() => show(index + 1), AUDIO_POSTER_INTERVAL_MS);
    },
    stop,
  };
}
