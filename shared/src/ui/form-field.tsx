import type { ReactNode } from 'react';
import { themeTokens } from '@canteiro/shared/core';

/** The id of a field's error message: its control points at it with `aria-describedby`. */
export const fieldErrorId = (htmlFor: string): string => `${htmlFor}-error`;

/**
 * A labelled form control with its error below, the look of antd's Form.Item without its
 * validation engine: forms here validate with react-hook-form and the shared valibot schema.
 * A required field shows a mark beside its label (the control itself says `aria-required`).
 */
export function FormField({
  label,
  htmlFor,
  error,
  required,
  children,
}: {
  label: ReactNode;
  htmlFor: string;
  error?: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="canteiro-form-field" style={{ marginBottom: 20 }}>
      {/* The mark sits beside the label, not in it: the field's name stays its label alone. */}
      <div style={{ marginBottom: 6, fontSize: 14, color: themeTokens.colorText }}>
        <label id={`${htmlFor}-label`} htmlFor={htmlFor}>
          {label}
        </label>
        {required ? (
          <span aria-hidden="true" data-testid="required-mark" style={{ color: themeTokens.colorError, marginLeft: 4 }}>
            *
          </span>
        ) : null}
      </div>
      {children}
      {error ? (
        <div
          role="alert"
          id={fieldErrorId(htmlFor)}
          style={{ color: themeTokens.colorError, fontSize: 13, marginTop: 4, lineHeight: '18px' }}
        >
          {error}
        </div>
      ) : null}
    </div>
  );
}
