import type { ReactNode } from 'react';
import { useMessages } from '../messages/index.ts';
import styles from './EmptyTip.module.css';

export interface EmptyTipProps {
  /** The tip; defaults to the `emptyList` message ('This list is empty'). */
  text?: string;
  /** Optional follow-up, e.g. a link back to the catalogue. */
  children?: ReactNode;
}

/** Shown in place of a list with nothing in it (spec §2): `<EmptyTip />`. */
export function EmptyTip({ text, children }: EmptyTipProps) {
  const messages = useMessages();
  return (
    <div className={styles.tip} data-state="empty">
      <svg className={styles.art} viewBox="0 0 64 48" aria-hidden="true" focusable="false">
        <rect x="4" y="8" width="56" height="34" rx="4" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M20 46h24" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <p className={styles.text}>{text ?? messages.emptyList}</p>
      {children}
    </div>
  );
}
