import { useStore } from '@nanostores/react';
import { Dialog, dialogButton } from '@ottkit/ui';
import { useState } from 'react';
import { $t } from '../../stores/lang.ts';

export interface TermsText {
  policyId: string;
  contractVersion: string;
  title: string;
  content: string;
}

/** Whether a scroll box shows its last line (a 2 px tolerance for fractional pixels). */
export const scrolledToBottom = (el: { scrollTop: number; clientHeight: number; scrollHeight: number }) =>
  el.scrollTop + el.clientHeight >= el.scrollHeight - 2;

/**
 * The terms agreement (spec §5): 'Agree and log in' stays disabled until the reader has scrolled to the
 * bottom of the terms. The texts are shown as text, never markup.
 */
export function TermsDialog(props: {
  terms: TermsText[];
  onAgree: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  const t = useStore($t);
  const [bottom, setBottom] = useState(false);
  return (
    <Dialog
      open
      onClose={props.onCancel}
      title={t('account.terms.title')}
      width={560}
      kind="terms"
      footer={
        <>
          <button type="button" className={dialogButton.secondary} onClick={props.onCancel}>
            {t('account.terms.cancel')}
          </button>
          <button
            type="button"
            className={dialogButton.primary}
            disabled={!bottom || props.busy}
            onClick={props.onAgree}
            data-testid="terms-agree"
          >
            {t('account.terms.agree')}
          </button>
        </>
      }
    >
      {!bottom && <p className="account-hint">{t('account.terms.scroll')}</p>}
      <div
        className="terms-text"
        data-testid="terms-text"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box must be scrollable by keyboard.
        tabIndex={0}
        ref={(el) => {
          // Terms short enough to fit need no scrolling.
          if (el && !bottom && scrolledToBottom(el)) setBottom(true);
        }}
        onScroll={(e) => {
          if (scrolledToBottom(e.currentTarget)) setBottom(true);
        }}
      >
        {props.terms.map((c) => (
          <section key={c.policyId}>
            <h3>{c.title}</h3>
            {c.content.split(/\n{2,}/).map((para, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text.
              <p key={i}>{para}</p>
            ))}
          </section>
        ))}
      </div>
    </Dialog>
  );
}
