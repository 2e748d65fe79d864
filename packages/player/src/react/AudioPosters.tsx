import { useEffect, useState } from 'react';
import { AUDIO_POSTER_INTERVAL_MS } from '../core/constants.ts';

export { AUDIO_POSTER_INTERVAL_MS };

/** The rotating posters shown instead of a picture for audio channels and audio items. */
export function AudioPosters({ posters, label }: { posters: readonly string[]; label: string }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (posters.length < 2) return;
    const id = setInterval(() => setIndex((i) => (i + 1) % posters.length), AUDIO_POSTER_INTERVAL_MS);
    return () => clearInterval(id);
  }, [posters.length]);
  if (posters.length === 0) return null;
  return (
    <section className="ottkit-posters" aria-roledescription="carousel" aria-label={label}>
      {posters.map((url, i) => (
        <img
          key={url}
          src={url}
          alt=""
          className="ottkit-poster"
          data-active={String(i === index % posters.length)}
        />
      ))}
    </section>
  );
}
