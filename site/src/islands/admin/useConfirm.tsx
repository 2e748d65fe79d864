import { Dialog, dialogButton } from '@ottkit/ui';
import { type ReactNode, useRef, useState } from 'react';
import type { AdminT } from '../../i18n/admin.ts';

interface Question {
  text: string;
  action: string;
}

/**
 * The console's "are you sure?" (issue 37): the kit's dialog in the console's language, never the browser's
 * `confirm()` (its buttons speak the browser's language, it blocks the page, and it looks like no part of the
 * product). `confirm(text, action)` opens it and resolves true when the operator chooses the action; Cancel,
 * Escape and the backdrop resolve false. Cancel has the focus first, so Enter alone changes nothing. Render
 * `dialog` once in the screen.
 */
export function useConfirm(t: AdminT): {
  confirm: (text: string, action?: string) => Promise<boolean>;
  dialog: ReactNode;
} {
  const [question, setQuestion] = useState<Question | null>(null);
  const answer = useRef<(yes: boolean) => void>(() => {});
  const close = (yes: boolean) => {
    answer.current(yes);
    answer.current = () => {};
    setQuestion(null);
  };
  const confirm = (text: string, action = t('admin.confirm.yes')) =>
    new Promise<boolean>((resolve) => {
      answer.current(false); // a question still open is answered no: one at a time
      answer.current = resolve;
      setQuestion({ text, action });
    });
  const dialog = (
    <Dialog
      open={question !== null}
      onClose={() => close(false)}
      title={t('admin.confirm.title')}
      width={460}
      showCloseButton={false}
      kind="console-confirm"
      footer={
        <>
          <button type="button" className={dialogButton.secondary} onClick={() => close(false)}>
            {t('admin.confirm.cancel')}
          </button>
          <button type="button" className={dialogButton.primary} onClick={() => close(true)}>
            {question?.action}
          </button>
        </>
      }
    >
      <p>{question?.text}</p>
    </Dialog>
  );
  return { confirm, dialog };
}
