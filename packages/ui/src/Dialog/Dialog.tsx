import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '../icons/index.ts';
import { useMessages } from '../messages/index.ts';
import styles from './Dialog.module.css';
import { focusableIn } from './focusable.ts';

export interface DialogProps {
  open: boolean;
  /** Escape, the close button and (unless turned off) a click on the backdrop. */
  onClose: () => void;
  /** The heading; also the dialog's accessible name. */
  title: string;
  /** Keep the title for assistive technology only. */
  hideTitle?: boolean;
  children?: ReactNode;
  /** Action buttons, laid out at the bottom. */
  footer?: ReactNode;
  /** Width in px (`--ok-dialog-width`); on a narrow screen the dialog takes the screen's width instead. */
  width?: number;
  closeOnBackdrop?: boolean;
  showCloseButton?: boolean;
  /** Focused on open; otherwise the first focusable control, else the dialog itself. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Extra `data-*` free hook for the concrete dialog (e.g. `no-authority`). */
  kind?: string;
}

/**
 * The modal base every kit dialog uses: `role="dialog"`, `aria-modal`, named by its title, focus kept inside
 * (Tab and Shift+Tab wrap), Escape closes, focus returns to where it was, the page behind does not scroll.
 * Rendered into `document.body` after mount, so server rendering outputs nothing for it.
 *
 * @example <Dialog open={open} onClose={close} title="Notice" footer={<button>OK</button>}>Text</Dialog>
 */
export function Dialog({
  open,
  onClose,
  title,
  hideTitle = false,
  children,
  footer,
  width = 560,
  closeOnBackdrop = true,
  showCloseButton = true,
  initialFocus,
  kind,
}: DialogProps) {
  const messages = useMessages();
  const [mounted, setMounted] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => setMounted(true), []);

  useEffect(() => {
    if (!open || !mounted) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = panel.current;
    if (!root) return;
    (initialFocus?.current ?? focusableIn(root)[0] ?? root).focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    // Focus that escapes (a click behind, a script) is brought back: the dialog is modal.
    const keepFocus = (event: FocusEvent) => {
      if (event.target instanceof Node && !root.contains(event.target)) {
        (focusableIn(root)[0] ?? root).focus();
      }
    };
    document.addEventListener('focusin', keepFocus);
    return () => {
      document.removeEventListener('focusin', keepFocus);
      document.body.style.overflow = overflow;
      previous?.focus();
    };
  }, [open, mounted, initialFocus]);

  if (!open || !mounted) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = focusableIn(panel.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className={styles.layer} data-state="open">
      {/* The backdrop is a pointer convenience; keyboard users have Escape and the close button. */}
      <div
        className={styles.backdrop}
        aria-hidden="true"
        onClick={closeOnBackdrop ? () => onCloseRef.current() : undefined}
      />
      <div
        ref={panel}
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        style={{ '--ok-dialog-width': `${width}px` } as CSSProperties}
        data-kind={kind}
        onKeyDown={onKeyDown}
      >
        <div className={styles.header} data-hidden-title={hideTitle ? 'true' : 'false'}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {showCloseButton && (
            <button
              type="button"
              className={styles.close}
              aria-label={messages.close}
              onClick={() => onCloseRef.current()}
            >
              <CloseIcon size={20} />
            </button>
          )}
        </div>
        <div id={bodyId} className={styles.body}>
          {children}
        </div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
