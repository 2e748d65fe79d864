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

/** A number box's props for a whole number within `bounds` (a contract's own limits): the phone's number pad. */
export const wholeNumber = (bounds: { min: number; max?: number }) =>
  ({ type: 'number', inputMode: 'numeric', min: bounds.min, max: bounds.max }) as const;

type Aria = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

/**
 * A labelled control with its hint and error tied to it (aria-invalid, aria-describedby): `control` draws the
 * control with the props it is given. Every console form's fields are one of the three below.
 */
function Labelled({ label, error, hint, control }: Notes & { control: (aria: Aria) => ReactNode }) {
  const id = useId();
  return (
    <div className="console-field">
      <label htmlFor={id}>{label}</label>
      {control({ id, ...describedBy(id, hint, error) })}
      <Said id={id} hint={hint} error={error} />
    </div>
  );
}

/** The aria attributes that tie a control (or a group) to its hint and error, drawn by `Said` under it. */
const describedBy = (id: string, hint?: string, error?: string) => {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? (true as const) : undefined, 'aria-describedby': described || undefined };
};

function Said({ id, hint, error }: { id: string; hint?: string | undefined; error?: string | undefined }) {
  return (
    <>
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
    </>
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

/** A yes/no box with its label after it; the console's checkboxes hold no error (a yes/no is never refused). */
export function CheckField({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="console-check">
      <input type="checkbox" {...input} />
      {label}
    </label>
  );
}

/**
 * Controls answered together (a set of checkboxes) under one legend, the group's error tied to the group as a
 * field's is to its control.
 */
export function FieldGroup({
  legend,
  error,
  className,
  children,
}: {
  legend: string;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset className={className} {...describedBy(id, undefined, error)}>
      <legend>{legend}</legend>
      {children}
      <Said id={id} error={error} />
    </fieldset>
  );
}
