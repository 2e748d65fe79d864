import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

interface Notes {
  label: string;
  error?: string | undefined;
  hint?: string;
}

type Aria = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

/**
 * A labelled control with its hint and error tied to it (aria-invalid, aria-describedby): `control` draws the
 * control with the props it is given. Every console form's fields are one of the three below.
 */
function Labelled({ label, error, hint, control }: Notes & { control: (aria: Aria) => ReactNode }) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="console-field">
      <label htmlFor={id}>{label}</label>
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}
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

/** A labelled input, for every console form. */
export function Field({ label, error, hint, ...input }: Notes & InputHTMLAttributes<HTMLInputElement>) {
  return <Labelled {...{ label, error, hint }} control={(aria) => <input {...aria} {...input} />} />;
}

/** The same for a multi-line text. */
export function TextAreaField({
  label,
  error,
  hint,
  ...area
}: Notes & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <Labelled {...{ label, error, hint }} control={(aria) => <textarea {...aria} {...area} />} />;
}

/** The same for a choice from a list (its options as children). */
export function SelectField({
  label,
  error,
  hint,
  children,
  ...select
}: Notes & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Labelled
      {...{ label, error, hint }}
      control={(aria) => (
        <select {...aria} {...select}>
          {children}
        </select>
      )}
    />
  );
}
