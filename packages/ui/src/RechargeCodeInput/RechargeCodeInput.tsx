import { type FormEvent, useId, useState } from 'react';
import { formatMessage, useMessages } from '../messages/index.ts';
import styles from './RechargeCodeInput.module.css';
import { isRechargeCodeComplete, RECHARGE_CODE_LENGTH, sanitizeRechargeCode } from './rechargeCode.ts';

export type RechargeCodeState = 'incomplete' | 'complete' | 'busy';

export interface RechargeCodeInputProps {
  /** Called with the 16 digits on Confirm (or Enter). */
  onConfirm: (code: string) => void;
  /** While the recharge call runs: input and Confirm are disabled. */
  busy?: boolean;
  /** A failure to show under the field (announced). */
  error?: string;
}

/**
 * The recharge-code entry (spec §5): digits only (others stripped as typed), at most 16, Confirm enabled at
 * exactly 16. `data-state`: `incomplete|complete|busy`.
 *
 * @example <RechargeCodeInput onConfirm={(code) => recharge(code)} busy={pending} />
 */
export function RechargeCodeInput({ onConfirm, busy = false, error }: RechargeCodeInputProps) {
  const messages = useMessages();
  const [code, setCode] = useState('');
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const complete = isRechargeCodeComplete(code);
  const state: RechargeCodeState = busy ? 'busy' : complete ? 'complete' : 'incomplete';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (complete && !busy) onConfirm(code);
  };

  return (
    <form className={styles.form} data-state={state} onSubmit={submit} noValidate>
      <label className={styles.label} htmlFor={inputId}>
        {messages.rechargeCodeLabel}
      </label>
      <div className={styles.row}>
        <input
          id={inputId}
          className={styles.input}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          placeholder={messages.rechargeCodePlaceholder}
          value={code}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          // No maxLength: a pasted '1234-5678-…' must lose its dashes before it is cut at 16.
          onChange={(event) => setCode(sanitizeRechargeCode(event.currentTarget.value))}
        />
        <button type="submit" className={styles.confirm} disabled={!complete || busy}>
          {messages.rechargeConfirm}
        </button>
      </div>
      <p id={hintId} className={styles.hint}>
        {formatMessage(messages.rechargeCodeHint, { count: code.length, max: RECHARGE_CODE_LENGTH })}
      </p>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
