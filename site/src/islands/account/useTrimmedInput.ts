import { useEffect, useMemo, useRef, useState } from 'react';
import { debounce, INPUT_DEBOUNCE_MS, trimInput } from '../../lib/debounce.ts';

/**
 * A text input's value, trimmed on change with a 300 ms debounce (spec §5). `flush()` applies a pending
 * trim now and answers the trimmed value (submit uses it, so a fast Enter never sends spaces).
 */
export function useTrimmedInput(initial = '') {
  const [value, setValue] = useState(initial);
  const latest = useRef(initial);
  const trim = useMemo(
    () =>
      debounce((v: string) => {
        const t = trimInput(v);
        latest.current = t;
        setValue(t);
      }, INPUT_DEBOUNCE_MS),
    [],
  );
  useEffect(() => () => trim.cancel(), [trim]);
  return {
    value,
    onChange: (v: string) => {
      latest.current = v;
      setValue(v);
      trim(v);
    },
    flush: (): string => {
      trim.flush();
      return trimInput(latest.current);
    },
    set: (v: string) => {
      trim.cancel();
      latest.current = v;
      setValue(v);
    },
  };
}

export type TrimmedInput = ReturnType<typeof useTrimmedInput>;
