import { Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_MAX_IMAGE_MB } from '@canteiro/shared/domain';
import { DateInput } from './date-input';
import { decimalSeparator } from './format';
import type { FieldDefinition } from './types';
import { RemoteSelect } from './remote-select';
import { ImageInput } from './image-input';
import type { ImageValue } from './image-input';
import { ScheduleInput } from './schedule-input';
import type { WorkSchedule } from '@canteiro/shared/domain';

interface FieldInputProps {
  field: FieldDefinition;
  namespace: string;
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  invalid: boolean;
  /** Marked `aria-required` (the label shows the mark). */
  required?: boolean;
  /** The id of the field's error message, while there is one. */
  describedBy?: string;
  /** Current values of the fields this one depends on (options narrowing). */
  dependencies: Record<string, unknown>;
  /** `image`: a chosen file that fails the checks, and the size limit (MB). */
  onInvalid?: (code: string) => void;
  maxImageMb?: number;
  /** `schedule`: react-hook-form's error tree of the field (a code on an interval or a day). */
  errors?: unknown;
}

/** The query of a select's options, from the fields it depends on. */
export function optionParams(field: FieldDefinition, values: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(field.optionsFrom?.dependsOn ?? {}).map(([param, source]) => [
      param,
      values[source] as number | undefined,
    ]),
  );
}

/** A select that waits for its parent (the work of a base not chosen yet): disabled, and no error. */
export function waitsForParent(field: FieldDefinition, values: Record<string, unknown>): boolean {
  return Object.values(optionParams(field, values)).some(
    (dependency) => dependency === undefined || dependency === null,
  );
}

/** One form control, chosen by the field's kind. */
export function FieldInput({
  field,
  namespace,
  id,
  value,
  onChange,
  onBlur,
  invalid,
  required,
  describedBy,
  dependencies,
  onInvalid = () => undefined,
  maxImageMb = DEFAULT_MAX_IMAGE_MB,
  errors,
}: FieldInputProps) {
  const { t } = useTranslation([namespace, 'kit']);
  const status = invalid ? ('error' as const) : undefined;
  const label = t(field.labelKey, { ns: namespace });
  const aria = {
    'aria-invalid': invalid || undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy,
  };
  const common = { id, status, onBlur, ...aria };

  switch (field.kind) {
    case 'textarea':
      return (
        <Input.TextArea
          {...common}
          rows={3}
          value={(value as string) ?? ''}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'password':
      return (
        <Input.Password
          {...common}
          autoComplete="new-password"
          value={(value as string) ?? ''}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'number':
      return (
        <InputNumber<number>
          {...common}
          style={{ width: '100%' }}
          min={field.min}
          decimalSeparator={decimalSeparator()}
          value={(value as number | null) ?? null}
          onChange={(next) => onChange(next)}
        />
      );
    case 'date':
      return (
        <DateInput
          id={id}
          status={status}
          ariaProps={aria}
          value={value as string | null}
          onChange={onChange}
          onBlur={onBlur}
        />
      );
    case 'image':
      return (
        <ImageInput
          id={id}
          value={(value as ImageValue) ?? null}
          onChange={onChange}
          onInvalid={onInvalid}
          onBlur={onBlur}
          maxImageMb={maxImageMb}
          invalid={invalid}
          describedBy={describedBy}
        />
      );
    case 'schedule':
      return (
        <ScheduleInput id={id} value={value as WorkSchedule} onChange={onChange} onBlur={onBlur} errors={errors} />
      );
    case 'activeness':
      return (
        <Radio.Group
          id={id}
          role="radiogroup"
          aria-label={label}
          {...aria}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          options={[
            { value: true, label: t('kit:yes') },
            { value: false, label: t('kit:no') },
          ]}
        />
      );
    case 'select': {
      if (field.optionsFrom) {
        return (
          <RemoteSelect
            id={id}
            ariaProps={aria}
            endpoint={field.optionsFrom.endpoint}
            params={optionParams(field, dependencies)}
            enabled={!waitsForParent(field, dependencies)}
            value={value as number | null}
            onChange={onChange}
            fieldLabel={label}
            status={status}
          />
        );
      }
      return (
        <Select
          {...common}
          aria-label={label}
          showSearch
          style={{ width: '100%' }}
          placeholder={t('kit:selectPlaceholder')}
          value={value ?? undefined}
          onChange={onChange}
          filterOption={(input, option) =>
            String(option?.label ?? '')
              .toLowerCase()
              .includes(input.toLowerCase())
          }
          options={fixedOptions(field.options ?? [], value).map(({ option, offered }) => ({
            value: option,
            label: field.optionLabelPrefix
              ? t(`${field.optionLabelPrefix}${option}`, { ns: namespace })
              : String(option),
            disabled: !offered,
          }))}
        />
      );
    }
    default:
      return (
        <Input
          {...common}
          type={field.kind === 'email' ? 'email' : 'text'}
          value={(value as string) ?? ''}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}

/**
 * A fixed list's options, plus the saved value when the list does not offer it (a user editing
 * itself is offered only the profiles below its own): shown by its label, not picked again.
 */
function fixedOptions(options: readonly (string | number)[], value: unknown) {
  const shown = options.map((option) => ({ option, offered: true }));
  if ((typeof value === 'string' || typeof value === 'number') && value !== '' && !options.includes(value))
    shown.push({ option: value, offered: false });
  return shown;
}
