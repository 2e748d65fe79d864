import { type InputHTMLAttributes, useId } from 'react';

/** A labelled input with its field error tied to it (aria-invalid, aria-describedby), for every console form. */
export function Field({
  label,
  error,
  hint,
  ...input
}: { label: string; error?: string | undefined; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="console-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="console-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="console-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
