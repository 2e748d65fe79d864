import type { CallDescriptor } from '@ottkit/api-client/contract';
import { useState } from 'react';
import { fieldErrors } from '../../lib/console.ts';

type Values = Record<string, string>;
type Change = (e: { target: { value: string } }) => void;

/** What a field's control takes from its form: `Field`'s name, value, error and change handler. */
export interface Bound {
  name: string;
  value: string;
  error: string | undefined;
  onChange: Change;
}

/**
 * A console form's state, the same way on every screen (issue 38): the values as typed, each field's error in the
 * console's words, and the check against the call's request schema (the server checks the same) before anything
 * is sent. The call itself runs through `useConsoleAction`, which says its outcome.
 */
export function useConsoleForm<V extends Values>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set =
    (k: keyof V): Change =>
    (e) =>
      setValues((v) => ({ ...v, [k]: e.target.value }));
  return {
    values,
    setValues,
    errors,
    setErrors,
    set,
    /** A field's props; `errorOf` when the call names the field otherwise (the form's `year`, the call's `releaseYear`). */
    bind: (k: keyof V & string, errorOf: string = k): Bound => ({
      name: k,
      value: values[k] as string,
      error: errors[errorOf],
      onChange: set(k),
    }),
    /**
     * Checks `input` against `call`'s request: each refused field said by `words` (the contract's own message when
     * it has none). True when the input may be sent.
     */
    check(
      call: CallDescriptor,
      input: unknown,
      words?: (field: string) => string | undefined,
      /** What the form refuses beyond the schema (a file's size, a row of a list), by field. */
      more: Record<string, string> = {},
    ): boolean {
      const bad = fieldErrors(call, input) ?? {};
      const said = {
        ...Object.fromEntries(Object.entries(bad).map(([k, own]) => [k, words?.(k) ?? own])),
        ...more,
      };
      setErrors(said);
      return Object.keys(said).length === 0;
    },
    /** Back to `next` (the initial values by default), no error shown. */
    reset(next: V = initial) {
      setValues(next);
      setErrors({});
    },
  };
}

export type ConsoleForm<V extends Values> = ReturnType<typeof useConsoleForm<V>>;
