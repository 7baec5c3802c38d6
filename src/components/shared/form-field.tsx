import type { ReactElement } from 'react';

interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

interface FormFieldProps {
  id: string;
  label: string;
  /** A line under the control: why we ask, or what to type. */
  hint?: string | undefined;
  /** A line the visitor must not miss, before the hint: what happened to what they gave. */
  notice?: string | undefined;
  required?: boolean;
  error?: string | undefined;
  /** Renders the control with the id and ARIA attributes that tie it to its label and message. */
  children: (control: ControlProps) => ReactElement;
}

/** A label, a control and, when something is wrong, a message that names the problem. */
export function FormField({ id, label, hint, notice, required = false, error, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const noticeId = `${id}-notice`;
  const describedBy = [notice ? noticeId : '', hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="required-mark" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {/* Under the control, so fields side by side keep their boxes in line. */}
      {notice && (
        <p id={noticeId} className="field-notice">
          {notice}
        </p>
      )}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
