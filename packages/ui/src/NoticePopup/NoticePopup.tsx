import { dialogButton } from '../Dialog/buttons.ts';
import { Dialog } from '../Dialog/Dialog.tsx';
import { useMessages } from '../messages/index.ts';
import styles from './NoticePopup.module.css';

/** Spec §9: the message popup is 400 px wide. */
export const NOTICE_POPUP_WIDTH = 400;

/** The notice fields the popup shows (spec §3 Notices). */
export interface PopupNotice {
  id: string;
  msg: string;
  /** Heading; defaults to the `noticeTitle` message. */
  title?: string;
}

export interface NoticePopupProps {
  open: boolean;
  notice: PopupNotice;
  /** OK (also Escape): the site marks the notice read and shows the next unread one. */
  onOk: (id: string) => void;
}

/**
 * An operator notice as a popup (spec §4): 400 px wide, the message as plain text (never markup), one OK.
 *
 * @example <NoticePopup open notice={notice} onOk={(id) => markRead(id)} />
 */
export function NoticePopup({ open, notice, onOk }: NoticePopupProps) {
  const messages = useMessages();
  return (
    <Dialog
      open={open}
      onClose={() => onOk(notice.id)}
      title={notice.title ?? messages.noticeTitle}
      width={NOTICE_POPUP_WIDTH}
      showCloseButton={false}
      closeOnBackdrop={false}
      kind="notice"
      footer={
        <button type="button" className={dialogButton.primary} onClick={() => onOk(notice.id)}>
          {messages.ok}
        </button>
      }
    >
      {/* A text node: whatever the operator typed is shown, never parsed as HTML. */}
      <p className={styles.message}>{notice.msg}</p>
    </Dialog>
  );
}
