import { dialogButton } from '../Dialog/buttons.ts';
import { Dialog } from '../Dialog/Dialog.tsx';
import { useMessages } from '../messages/index.ts';
import styles from './NoAuthorityDialog.module.css';

export type Viewer = 'guest' | 'user';

export interface NoAuthorityDialogProps {
  open: boolean;
  /** Guests are asked to log in; users are offered a purchase (spec §2, §6). */
  viewer: Viewer;
  onClose: () => void;
  /** User: open the purchase dialog. */
  onPurchase?: () => void;
  /** Guest: go to login. */
  onLogin?: () => void;
  /** Replaces the default text for this viewer. */
  message?: string;
}

/**
 * Shown when the viewer lacks the right to play something. Users get a Purchase button; guests get spec §6's
 * text 'After logging in, you can explore more video content and get more permissions!' and Login/Sign up.
 * `data-state` on the text: `guest|user`.
 *
 * @example <NoAuthorityDialog open viewer="guest" onLogin={toLogin} onClose={close} />
 */
export function NoAuthorityDialog({
  open,
  viewer,
  onClose,
  onPurchase,
  onLogin,
  message,
}: NoAuthorityDialogProps) {
  const messages = useMessages();
  const guest = viewer === 'guest';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={messages.noAuthorityTitle}
      width={480}
      kind="no-authority"
      footer={
        <>
          <button type="button" className={dialogButton.secondary} onClick={onClose}>
            {messages.close}
          </button>
          {guest ? (
            <button type="button" className={dialogButton.primary} onClick={onLogin}>
              {messages.loginOrSignUp}
            </button>
          ) : (
            <button type="button" className={dialogButton.primary} onClick={onPurchase}>
              {messages.purchase}
            </button>
          )}
        </>
      }
    >
      <p className={styles.text} data-state={viewer}>
        {message ?? (guest ? messages.noAuthorityGuest : messages.noAuthorityUser)}
      </p>
    </Dialog>
  );
}
