import type { Engine } from './types.ts';

/** Safari and iOS play HLS themselves when Media Source Extensions are missing. */
export function createNativeEngine(): Engine {
  let current: { media: HTMLMediaElement; onError: () => void } | null = null;
  const detach = () => {
    if (!current) return;
    current.media.removeEventListener('error', current.onError);
    current = null;
  };
  return {
    name: 'native',
    async load(media, source, src, events) {
      detach();
      const onError = () => {
        const err = media.error;
        events.fatal(`MEDIA_ERR_${err?.code ?? 0}`, err?.message || 'The media could not be played', 'media');
      };
      current = { media, onError };
      media.addEventListener('error', onError);
      media.src = src;
      if (source.startTime) {
        media.addEventListener('loadedmetadata', () => (media.currentTime = source.startTime ?? 0), {
          once: true,
        });
      }
    },
    setLevel() {
      // The browser chooses renditions itself.
    },
    destroy() {
      const media = current?.media;
      detach();
      if (media) {
        media.removeAttribute('src');
        media.load();
      }
    },
  };
}
