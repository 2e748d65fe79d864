import type { InputHTMLAttributes } from 'react';
import type { TrimmedInput } from './useTrimmedInput.ts';

type Props = { label: string; field: TrimmedInput } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange'
>;

/** A labelled input of the account forms, bound to a trimmed input (spec §5 trimming). */
export function TextField({ label, field, ...input }: Props) {
  return (
    <label>
      <span>{label}</span>
      <input {...input} value={field.value} onChange={(e) => field.onChange(e.target.value)} />
    </label>
  );
}
