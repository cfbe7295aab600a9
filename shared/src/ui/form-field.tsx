import type { ReactNode } from 'react';

/**
 * A labelled form control with its error below, the look of antd's Form.Item without its
 * validation engine: forms here validate with react-hook-form and the shared valibot schema.
 */
export function FormField({
  label,
  htmlFor,
  error,
  children,
}: {
  label: ReactNode;
  htmlFor: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="canteiro-form-field" style={{ marginBottom: 20 }}>
      <label htmlFor={htmlFor} style={{ display: 'block', marginBottom: 6, fontSize: 14, color: '#1f2328' }}>
        {label}
      </label>
      {children}
      {error ? (
        <div
          role="alert"
          id={`${htmlFor}-error`}
          style={{ color: '#c62828', fontSize: 13, marginTop: 4, lineHeight: '18px' }}
        >
          {error}
        </div>
      ) : null}
    </div>
  );
}
