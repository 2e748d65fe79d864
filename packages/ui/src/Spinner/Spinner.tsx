import { VisuallyHidden } from '../internal/VisuallyHidden.tsx';
import { useMessages } from '../messages/index.ts';
import styles from './Spinner.module.css';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export interface SpinnerProps {
  /** What is loading, announced politely; defaults to the `loading` message. */
  label?: string;
  size?: SpinnerSize;
}

/** A loading indicator with a polite live status: `<Spinner label="Loading channels" />`. */
export function Spinner({ label, size = 'md' }: SpinnerProps) {
  const messages = useMessages();
  return (
    <span className={styles.spinner} role="status" data-state="loading" data-size={size}>
      <span className={styles.ring} aria-hidden="true" />
      <VisuallyHidden>{label ?? messages.loading}</VisuallyHidden>
    </span>
  );
}
