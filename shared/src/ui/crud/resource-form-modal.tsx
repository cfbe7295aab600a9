import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { FieldValues, Resolver } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import type * as v from 'valibot';
import { Alert, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify, toApiError } from '@canteiro/shared/core';
import { FormField } from '../form-field';
import { fieldMessage } from '../field-message';
import { FieldInput } from './field-input';
import { resourceApi } from './resource-api';
import { useServerSettings } from './use-server-settings';
import type { ResourceDefinition, ResourceItem } from './types';

interface Props<Item extends ResourceItem> {
  resource: ResourceDefinition<Item>;
  /** The row being edited; null adds a new one. */
  item: Item | null;
  onClose: () => void;
  onSaved: (item: Item) => void;
  /** A persistent modal ignores Escape and clicks outside it. */
  persistent?: boolean;
}

/**
 * The add/edit form of any resource: react-hook-form with the same valibot schema the
 * server uses, server field errors shown on their fields, the form-level message of spec
 * §5, and a guard against closing a changed form by accident.
 */
export function ResourceFormModal<Item extends ResourceItem>({
  resource,
  item,
  onClose,
  onSaved,
  persistent,
}: Props<Item>) {
  const { namespace } = resource;
  const { t } = useTranslation([namespace, 'kit', 'common']);
  const editing = item !== null;
  const schema = (editing ? resource.updateSchema : undefined) ?? resource.createSchema;
  const fields = (resource.fields ?? []).filter((field) => !(editing && field.createOnly));
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const singular = t(resource.singularKey, { ns: namespace });
  const imageFields = fields.filter((field) => field.kind === 'image' && field.uploadPath);
  const { maxImageMb } = useServerSettings(imageFields.length > 0);

  const { control, handleSubmit, formState, setError, setValue, getValues, clearErrors } = useForm<FieldValues>({
    resolver: schema ? (valibotResolver(schema as v.GenericSchema<FieldValues>) as Resolver<FieldValues>) : undefined,
    defaultValues: editing && resource.toInput ? resource.toInput(item) : { ...resource.emptyInput },
    mode: 'onTouched',
  });
  const values = useWatch({ control });
  // Read during render: react-hook-form only tracks the parts of formState that are read.
  const { isDirty, isSubmitting } = formState;

  // A parent that changes empties the selects that depend on it (the work of another base…).
  const previous = useRef<Record<string, unknown>>(values);
  useEffect(() => {
    for (const field of fields) {
      const sources = Object.values(field.optionsFrom?.dependsOn ?? {});
      if (sources.some((source) => previous.current[source] !== values[source]) && values[field.name] != null) {
        setValue(field.name, null, { shouldDirty: true });
      }
    }
    previous.current = values;
  }, [values, fields, setValue]);

  const requestClose = () => {
    if (isDirty && !isSubmitting) setConfirmDiscard(true);
    else onClose();
  };

  const submit = handleSubmit(
    async (input) => {
      setFailure(null);
      const calls = resourceApi<Item>(resource.endpoint);
      try {
        const saved = editing ? await calls.update(item.id, input) : await calls.create(input);
        // Files go after the row exists (a new row has no id before); the schema never sees them.
        for (const field of imageFields) {
          const file: unknown = getValues(field.name);
          if (!(file instanceof File)) continue;
          try {
            await calls.upload(saved.id, field.uploadPath!, file);
          } catch (error) {
            const reason = (await toApiError(error)).message;
            notify.error(t('kit:imageFailed', { singular, reason }));
          }
        }
        await Promise.resolve(resource.afterSave?.(saved)).catch(() => undefined);
        notify.success(t(editing ? 'kit:updated' : 'kit:created', { singular }));
        onSaved(saved);
      } catch (error) {
        const apiError = await toApiError(error);
        for (const [name, code] of Object.entries(apiError.fields)) {
          if (fields.some((field) => field.name === name)) setError(name, { message: code });
        }
        const known = t(`common:errors.${apiError.code}`, { defaultValue: '' });
        setFailure(known || t(editing ? 'kit:updateFailed' : 'kit:createFailed', { singular }));
        notify.error(t(editing ? 'kit:updateFailed' : 'kit:createFailed', { singular }));
      }
    },
    () => setFailure(t('common:errors.validation_failed')),
  );

  return (
    <>
      <Modal
        open
        title={t(editing ? 'kit:editTitle' : 'kit:newTitle', { singular: singular.toLowerCase() })}
        onCancel={requestClose}
        mask={{ closable: !persistent }}
        keyboard={!persistent}
        width={640}
        destroyOnHidden
        footer={[
          <Button key="cancel" onClick={requestClose}>
            {t('kit:cancel')}
          </Button>,
          <Button key="save" type="primary" loading={isSubmitting} onClick={() => void submit()}>
            {t('kit:save')}
          </Button>,
        ]}
      >
        <form
          data-testid="resource-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          style={{ display: 'flex', flexWrap: 'wrap', columnGap: 16, paddingTop: 8 }}
        >
          {failure ? (
            <Alert
              role="alert"
              data-testid="form-error"
              type="error"
              showIcon
              title={failure}
              style={{ marginBottom: 16, width: '100%' }}
            />
          ) : null}
          {fields.map((field) => (
            <div key={field.name} style={{ width: field.half ? 'calc(50% - 8px)' : '100%' }}>
              <Controller
                name={field.name}
                control={control}
                render={({ field: control, fieldState }) => (
                  <FormField
                    label={t(field.labelKey, { ns: namespace })}
                    htmlFor={`field-${field.name}`}
                    error={fieldMessage(t, fieldState.error?.message, { maxSize: maxImageMb })}
                  >
                    <FieldInput
                      field={field}
                      namespace={namespace}
                      id={`field-${field.name}`}
                      value={control.value}
                      onChange={(next) => {
                        if (field.kind === 'image') clearErrors(field.name);
                        control.onChange(next);
                      }}
                      onBlur={control.onBlur}
                      onInvalid={(code) => setError(field.name, { message: code })}
                      maxImageMb={maxImageMb}
                      invalid={Boolean(fieldState.error)}
                      dependencies={values}
                    />
                  </FormField>
                )}
              />
            </div>
          ))}
          <button type="submit" hidden aria-hidden />
        </form>
      </Modal>
      <Modal
        open={confirmDiscard}
        title={t('kit:discardTitle')}
        okText={t('kit:discard')}
        okButtonProps={{ danger: true }}
        cancelText={t('kit:keepEditing')}
        onOk={() => {
          setConfirmDiscard(false);
          onClose();
        }}
        onCancel={() => setConfirmDiscard(false)}
      >
        <Typography.Paragraph>{t('kit:discardText')}</Typography.Paragraph>
      </Modal>
    </>
  );
}
