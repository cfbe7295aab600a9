import { DatePicker, Input, InputNumber, Radio, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_PATTERNS, currentLocale } from '@canteiro/shared/core';
import { DEFAULT_MAX_IMAGE_MB } from '@canteiro/shared/domain';
import type { FieldDefinition } from './types';
import { RemoteSelect } from './remote-select';
import { ImageInput } from './image-input';
import type { ImageValue } from './image-input';

interface FieldInputProps {
  field: FieldDefinition;
  namespace: string;
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  invalid: boolean;
  /** Current values of the fields this one depends on (options narrowing). */
  dependencies: Record<string, unknown>;
  /** `image`: a chosen file that fails the checks, and the size limit (MB). */
  onInvalid?: (code: string) => void;
  maxImageMb?: number;
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
  dependencies,
  onInvalid = () => undefined,
  maxImageMb = DEFAULT_MAX_IMAGE_MB,
}: FieldInputProps) {
  const { t } = useTranslation([namespace, 'kit']);
  const status = invalid ? ('error' as const) : undefined;
  const label = t(field.labelKey, { ns: namespace });
  const common = { id, status, onBlur, 'aria-invalid': invalid || undefined };

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
          step={field.step ?? 1}
          value={(value as number | null) ?? null}
          onChange={(next) => onChange(next)}
        />
      );
    case 'date':
      return (
        <DatePicker
          {...common}
          style={{ width: '100%' }}
          format={DATE_PATTERNS[currentLocale()].date}
          placeholder={t('kit:datePlaceholder')}
          value={value ? dayjs(value as string) : null}
          onChange={(date) => onChange(date ? date.format('YYYY-MM-DD') : '')}
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
        />
      );
    case 'status':
      return (
        <Radio.Group
          id={id}
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
        const params = Object.fromEntries(
          Object.entries(field.optionsFrom.dependsOn ?? {}).map(([param, source]) => [
            param,
            dependencies[source] as number | undefined,
          ]),
        );
        const enabled = Object.values(params).every((dependency) => dependency !== undefined && dependency !== null);
        return (
          <RemoteSelect
            id={id}
            endpoint={field.optionsFrom.endpoint}
            params={params}
            enabled={enabled}
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
          options={(field.options ?? []).map((option) => ({
            value: option,
            label: field.optionLabelPrefix
              ? t(`${field.optionLabelPrefix}${option}`, { ns: namespace })
              : String(option),
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
