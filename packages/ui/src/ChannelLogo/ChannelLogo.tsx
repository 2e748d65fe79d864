import styles from './ChannelLogo.module.css';

export interface ChannelLogoProps {
  /** The logo's address; empty: the fallback (or nothing). */
  src?: string;
  /** The channel's name: its first two letters stand in for a missing logo. */
  name: string;
  /** Width and height in CSS pixels (the box the parent lays out may scale it). */
  size: number;
  /** The parent's class: where the logo sits and how large it shows. */
  className?: string;
  /** Whether a channel without a logo shows its initials (the list) or nothing (the grid, name beside it). */
  fallback?: boolean;
}

/**
 * A channel's logo in the live pieces (ChannelRow, GuideGrid): decorative (the channel's name is said by the
 * button it sits in), loaded lazily and decoded off the main thread.
 *
 * @example <ChannelLogo src={channel.iconUrl} name={channel.logicalChannelName} size={40} />
 */
export function ChannelLogo({ src, name, size, className, fallback = true }: ChannelLogoProps) {
  if (!src) {
    if (!fallback) return null;
    const classes = className ? `${styles.fallback} ${className}` : styles.fallback;
    return (
      <span className={classes} aria-hidden="true">
        {name.slice(0, 2)}
      </span>
    );
  }
  return (
    // A new element for a new logo: a reused row (decision 0321) must not show the last channel's logo while
    // the new one loads.
    <img
      key={src}
      className={className ? `${styles.image} ${className}` : styles.image}
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}
