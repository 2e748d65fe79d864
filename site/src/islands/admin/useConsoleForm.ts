import type { CallDescriptor } from '@ottkit/api-client/contract';
import { useState } from 'react';
import { fieldErrors } from '../../lib/console.ts';

/**
 * A value as the operator left it: a text as typed, a checkbox's state, the numbers picked from a set of boxes
 * (a notice's display modes), or a picked file (none yet: null). Turning them into the call's input is the form's
 * own step, so a refusal keeps them.
 */
type Value = string | boolean | readonly number[] | File | null;
type Values<V> = { [K in keyof V]: Value };
/** The keys of `V` whose values are of type `T` (a text box binds only a text, a checkbox only a yes/no). */
type KeysOf<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string;
type Change = (e: { target: { value: string } }) => void;

/** What a field's control takes from its form: `Field`'s name, value, error and change handler. */
export interface Bound {
  name: string;
  value: string;
  error: string | undefined;
  onChange: Change;
}

/** What a checkbox takes from its form: `CheckField`'s name, state and change handler. */
export interface BoundCheck {
  name: string;
  checked: boolean;
  onChange: (e: { target: { checked: boolean } }) => void;
}

/** What a file box takes from its form: `Field`'s name, error and change handler (a file box has no value to set). */
export interface BoundFile {
  name: string;
  error: string | undefined;
  onChange: (e: { target: { files: FileList | null } }) => void;
}

/**
 * A console form's state, the same way on every screen (issue 38): the values as typed, each field's error in the
 * console's words, and the check against the call's request schema (the server checks the same) before anything
 * is sent. The call itself runs through `useConsoleAction`, which says its outcome.
 */
export function useConsoleForm<V extends Values<V>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A field's error is about the value that was refused: once the operator changes that value, it is gone (the
  // next submit checks again), so a corrected field no longer says it is wrong.
  const clear = (field: string) =>
    setErrors((e) => (field in e ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== field)) : e));
  const put = (k: keyof V, value: Value, errorOf: string = String(k)) => {
    setValues((v) => ({ ...v, [k]: value }));
    clear(errorOf);
  };
  const set =
    (k: KeysOf<V, string>, errorOf: string = k): Change =>
    (e) =>
      put(k, e.target.value, errorOf);
  return {
    values,
    setValues,
    errors,
    setErrors,
    set,
    /** A field's props; `errorOf` when the call names the field otherwise (the form's `year`, the call's `releaseYear`). */
    bind: (k: KeysOf<V, string>, errorOf: string = k): Bound => ({
      name: k,
      value: values[k] as string,
      error: errors[errorOf],
      onChange: set(k, errorOf),
    }),
    /** A checkbox's props, for a yes/no value. */
    bindCheck: (k: KeysOf<V, boolean>): BoundCheck => ({
      name: k,
      checked: values[k] as boolean,
      onChange: (e) => put(k, e.target.checked),
    }),
    /** A file box's props, for a picked file; `errorOf` as for `bind`. */
    bindFile: (k: KeysOf<V, File | null>, errorOf: string = k): BoundFile => ({
      name: k,
      error: errors[errorOf],
      onChange: (e) => put(k, e.target.files?.[0] ?? null, errorOf),
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

export type ConsoleForm<V extends Values<V>> = ReturnType<typeof useConsoleForm<V>>;
