import { type FormEvent, useId, useState } from 'react';
import { formatMessage, useMessages } from '../messages/index.ts';
import styles from './RechargeCodeInput.module.css';
import { isRechargeCodeComplete, sanitizeRechargeCode } from './rechargeCode.ts';

export type RechargeCodeState = 'incomplete' | 'complete' | 'busy';

export interface RechargeCodeInputProps {
  /**
   * How many digits a code has: the site passes the contract's `RECHARGE_CODE_LENGTH` (the kit keeps no copy of
   * the rule). It fills `{max}` in `rechargeCodePlaceholder` and `rechargeCodeHint`.
   */
  length: number;
  /** Called with the `length` digits on Confirm (or Enter). */
  onConfirm: (code: string) => void;
  /** While the recharge call runs: input and Confirm are disabled. */
  busy?: boolean;
  /** A failure to show under the field (announced). */
  error?: string;
}

/**
 * The recharge-code entry (spec §5): digits only (others stripped as typed), at most `length`, Confirm enabled at
 * exactly `length`. `data-state`: `incomplete|complete|busy`.
 *
 * @example <RechargeCodeInput length={RECHARGE_CODE_LENGTH} onConfirm={(code) => recharge(code)} busy={pending} />
 */
export function RechargeCodeInput({ length, onConfirm, busy = false, error }: RechargeCodeInputProps) {
  const messages = useMessages();
  const [code, setCode] = useState('');
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const complete = isRechargeCodeComplete(code, length);
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
          placeholder={formatMessage(messages.rechargeCodePlaceholder, { max: length })}
          value={code}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          // No maxLength: a pasted '1234-5678-…' must lose its dashes before it is cut at `length`.
          onChange={(event) => setCode(sanitizeRechargeCode(event.currentTarget.value, length))}
        />
        <button type="submit" className={styles.confirm} disabled={!complete || busy}>
          {messages.rechargeConfirm}
        </button>
      </div>
      <p id={hintId} className={styles.hint}>
        {formatMessage(messages.rechargeCodeHint, { count: code.length, max: length })}
      </p>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
