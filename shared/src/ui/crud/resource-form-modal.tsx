import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import * as v from 'valibot';
import { Alert, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify, toApiError } from '@canteiro/shared/core';
import { FormField, fieldErrorId } from '../form-field';
import { fieldMessage } from '../field-message';
import { INVALID_DATE } from './date-input';
import { tabCycle } from './dialog-focus';
import { FieldInput, waitsForParent } from './field-input';
import { emptyValues, itemValues, payload } from './form-values';
import { resourceApi } from './resource-api';
import { useServerSettings } from './use-server-settings';
import { savingSteps, useSaveConfirmation } from './save-confirmation';
import type { FieldDefinition, ResourceDefinition, ResourceItem } from './types';

/**
 * The fields the schema requires with the other values as they are: emptied one at a time,
 * which ones answer `required`. Derived from the schema, so the mark never disagrees with
 * the validation (a user's work is required whatever its profile, a password on edit not).
 */
export function requiredFields(
  schema: v.GenericSchema | undefined,
  fields: FieldDefinition[],
  values: Record<string, unknown>,
): Set<string> {
  const required = new Set<string>();
  if (!schema) return required;
  for (const field of fields) {
    if (field.kind === 'image') continue;
    const result = v.safeParse(schema, { ...values, [field.name]: undefined });
    const issues = result.issues ?? [];
    if (issues.some((issue) => issue.message === 'required' && issue.path?.[0]?.key === field.name)) {
      required.add(field.name);
    }
  }
  return required;
}

/** Moves focus to a field's control (a radio group: its checked or first radio). */
export function focusField(name: string): void {
  const element = document.getElementById(`field-${name}`);
  if (!element) return;
  const focusable = element.matches('input, textarea, button, [tabindex]')
    ? element
    : element.querySelector<HTMLElement>('input:checked, input, textarea, button');
  focusable?.focus();
}

/** The message shown on a field: a date whose text is no date says how to write one. */
function shownCode(field: FieldDefinition, code: string | undefined): string | undefined {
  if (field.kind === 'date' && (code === 'invalid_value' || code === 'too_long')) return INVALID_DATE;
  return code;
}

interface Props<Item extends ResourceItem> {
  resource: ResourceDefinition<Item>;
  /** The row being edited; null adds a new one. */
  item: Item | null;
  onClose: () => void;
  onSaved: (item: Item) => void;
  /** A persistent modal ignores Escape and clicks outside it. */
  persistent?: boolean;
  /** The screen's context (`{ contract: 7 }`): the form's own value for it, not asked again. */
  context?: Record<string, number>;
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
  context = {},
}: Props<Item>) {
  const { namespace } = resource;
  const { t } = useTranslation([namespace, 'kit', 'common']);
  const editing = item !== null;
  const schema = (editing ? resource.updateSchema : undefined) ?? resource.createSchema;
  const fields = useMemo(() => resource.fields ?? [], [resource]);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const singular = t(resource.singularKey, { ns: namespace });
  const imageFields = fields.filter((field) => field.kind === 'image' && field.uploadPath);
  const { maxImageMb } = useServerSettings(imageFields.length > 0);
  const confirmation = useSaveConfirmation(t);

  const { control, handleSubmit, formState, setError, setValue, getValues, clearErrors } = useForm<FieldValues>({
    resolver: schema ? (valibotResolver(schema as v.GenericSchema<FieldValues>) as Resolver<FieldValues>) : undefined,
    defaultValues: editing ? itemValues(fields, item, context) : emptyValues(fields, context),
    // Errors appear on save, then follow each change. Not on blur: an error appearing under
    // the field just left moves the Save button away between the press and the release.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const values = useWatch({ control });
  const required = useMemo(() => requiredFields(schema, fields, values), [schema, fields, values]);
  /** On a failed save, focus goes to the first field (in the form's order) with an error. */
  const focusFirstInvalid = (errors: FieldErrors) => {
    const first = fields.find((field) => errors[field.name] && !waitsForParent(field, getValues()));
    if (first) setTimeout(() => focusField(first.name), 0);
  };
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstField = () => {
    // Someone quicker than the opening animation already went to a field: leave focus there
    // (taking it back sent what they typed into the first field).
    if (formRef.current?.contains(document.activeElement)) return;
    const first = formRef.current?.querySelector<HTMLElement>(
      'input:not([disabled]):not([type="hidden"]), textarea:not([disabled])',
    );
    first?.focus();
  };
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
        const body = payload(fields, input, Object.keys(context));
        if (editing && !(await confirmation.confirm(await savingSteps(resource, item, body, t)))) return;
        const saved = editing ? await calls.update(item.id, body) : await calls.create(body);
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
        const serverErrors: FieldErrors = {};
        for (const [name, code] of Object.entries(apiError.fields)) {
          // A code deep in a field's value (`workSchedule.6.0.end`) lands on that place of it.
          if (!fields.some((field) => field.name === name.split('.')[0])) continue;
          setError(name, { message: code });
          serverErrors[name.split('.')[0]!] = { type: 'server', message: code };
        }
        focusFirstInvalid(serverErrors);
        const known = t(`common:errors.${apiError.code}`, { defaultValue: '' });
        setFailure(known || t(editing ? 'kit:updateFailed' : 'kit:createFailed', { singular }));
        notify.error(t(editing ? 'kit:updateFailed' : 'kit:createFailed', { singular }));
      }
    },
    (errors) => {
      setFailure(t('common:errors.validation_failed'));
      focusFirstInvalid(errors);
    },
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
        modalRender={tabCycle}
        destroyOnHidden
        // antd focuses the dialog itself; a form starts at its first field.
        afterOpenChange={(open) => {
          if (open) focusFirstField();
        }}
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
          ref={formRef}
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
                render={({ field: control, fieldState }) => {
                  // A select waiting for its parent says nothing yet: the parent's own error says it.
                  const error = waitsForParent(field, values)
                    ? undefined
                    : fieldMessage(t, shownCode(field, fieldState.error?.message), { maxSize: maxImageMb });
                  return (
                    <FormField
                      label={t(field.labelKey, { ns: namespace })}
                      htmlFor={`field-${field.name}`}
                      error={error}
                      required={required.has(field.name)}
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
                        invalid={Boolean(error)}
                        required={required.has(field.name)}
                        describedBy={error ? fieldErrorId(`field-${field.name}`) : undefined}
                        dependencies={values}
                        errors={fieldState.error}
                      />
                    </FormField>
                  );
                }}
              />
            </div>
          ))}
          <button type="submit" hidden aria-hidden />
        </form>
      </Modal>
      <Modal
        open={confirmDiscard}
        title={t('kit:discardTitle')}
        modalRender={tabCycle}
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
      {confirmation.dialogs}
    </>
  );
}
