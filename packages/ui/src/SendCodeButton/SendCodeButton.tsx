import { useEffect, useRef, useState } from 'react';
import { formatMessage, useMessages } from '../messages/index.ts';
import styles from './SendCodeButton.module.css';

/** Spec §9: the verification countdown is 60 s. */
export const SEND_CODE_COUNTDOWN_SECONDS = 60;

export type SendCodeState = 'ready' | 'sending' | 'counting';

export interface SendCodeButtonProps {
  /**
   * Sends the code. Return (or resolve) `false`, or throw, when it was not sent: the button comes back at once
   * instead of counting down.
   */
  onSend: () => unknown;
  /** Countdown length in seconds (spec: 60). */
  seconds?: number;
  /** E.g. while the email or phone is not valid yet. */
  disabled?: boolean;
  /** Button text; defaults to the `sendCode` message. */
  label?: string;
}

/**
 * The send-code button (spec §4): pressed, it sends, then shows a 60 s countdown, then returns.
 * `data-state`: `ready|sending|counting`.
 *
 * @example <SendCodeButton disabled={!emailValid} onSend={() => api.sendCode(email)} />
 */
export function SendCodeButton({
  onSend,
  seconds = SEND_CODE_COUNTDOWN_SECONDS,
  disabled = false,
  label,
}: SendCodeButtonProps) {
  const messages = useMessages();
  const [state, setState] = useState<SendCodeState>('ready');
  const [remaining, setRemaining] = useState(0);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  useEffect(() => {
    if (state !== 'counting') return;
    if (remaining <= 0) {
      setState('ready');
      return;
    }
    const timer = setTimeout(() => setRemaining((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [state, remaining]);

  const send = async () => {
    if (state !== 'ready') return;
    setState('sending');
    let sent: unknown;
    try {
      sent = await onSend();
    } catch {
      sent = false;
    }
    if (!alive.current) return;
    if (sent === false) {
      setState('ready');
      return;
    }
    setRemaining(seconds);
    setState('counting');
  };

  return (
    <button
      type="button"
      className={styles.button}
      data-state={state}
      disabled={disabled || state !== 'ready'}
      onClick={send}
    >
      {state === 'counting'
        ? formatMessage(messages.sendCodeCountdown, { seconds: remaining })
        : (label ?? messages.sendCode)}
    </button>
  );
}
