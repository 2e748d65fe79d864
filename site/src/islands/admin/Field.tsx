import {
  type InputHTMLAttributes,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

interface Notes {
  label: string;
  error?: string | undefined;
  hint?: string;
}

/** A field's ids: the control's, and what describes it (its hint and its error). */
function useFieldIds({ hint, error }: Notes) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return {
    id,
    aria: { 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined },
  };
}

function FieldNotes({ id, hint, error }: { id: string } & Omit<Notes, 'label'>) {
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

/** A labelled input with its field error tied to it (aria-invalid, aria-describedby), for every console form. */
export function Field({ label, error, hint, ...input }: Notes & InputHTMLAttributes<HTMLInputElement>) {
  const { id, aria } = useFieldIds({ label, error, ...(hint ? { hint } : {}) });
  return (
    <div className="console-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...aria} {...input} />
      <FieldNotes id={id} error={error} {...(hint ? { hint } : {})} />
    </div>
  );
}

/** The same for a multi-line text. */
export function TextAreaField({
  label,
  error,
  hint,
  ...area
}: Notes & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { id, aria } = useFieldIds({ label, error, ...(hint ? { hint } : {}) });
  return (
    <div className="console-field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} {...aria} {...area} />
      <FieldNotes id={id} error={error} {...(hint ? { hint } : {})} />
    </div>
  );
}

/** The same for a choice from a list (its options as children). */
export function SelectField({
  label,
  error,
  hint,
  children,
  ...select
}: Notes & SelectHTMLAttributes<HTMLSelectElement>) {
  const { id, aria } = useFieldIds({ label, error, ...(hint ? { hint } : {}) });
  return (
    <div className="console-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...aria} {...select}>
        {children}
      </select>
      <FieldNotes id={id} error={error} {...(hint ? { hint } : {})} />
    </div>
  );
}
