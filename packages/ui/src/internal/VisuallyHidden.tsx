import type { ReactNode } from 'react';
import a11y from './a11y.module.css';

export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={a11y.visuallyHidden}>{children}</span>;
}
