import { useCallback, useEffect, useRef, useState } from 'react';
import { CloseCircleFilled, EditOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify, themeTokens, toApiError, useSession } from '@canteiro/shared/core';
import { DEFAULT_PAGE_SIZE, hasPermission } from '@canteiro/shared/domain';
import { ColumnChooser } from './column-chooser';
import { ExportButton } from './export-button';
import { ListFilters } from './list-filters';
import { Pager } from './pager';
import { resourceApi } from './resource-api';
import { ResourceFormModal } from './resource-form-modal';
import { ResourceTable } from './resource-table';
import { ActivenessToggle } from './activeness-toggle';
import { deactivationText } from './deactivation-impact';
import { ContextPicker } from './context-picker';
import { RowActionButton } from './row-action-button';
import type { ListFilterDefinition, ResourceDefinition, ResourceItem, RowAction } from './types';
import type { UrlParam } from './use-url-state';
import { useListState } from './use-list-state';
import { useListController } from './use-list-controller';
import { useColumnChoice } from './use-column-choice';
import { registerKitTranslations } from './i18n';

registerKitTranslations();

/** A filter's kind in the URL: one of its fixed values, or a record's id. */
const filterParam = (filter: ListFilterDefinition): UrlParam =>
  filter.optionsFrom ? { kind: 'id' } : { kind: 'oneOf', values: (filter.options ?? []).map(String) };

/** An element that can take focus back: still in the page and not disabled. */
const canFocus = (element: HTMLElement | null): element is HTMLElement =>
  Boolean(element?.isConnected) && !(element as HTMLButtonElement).disabled;

/**
 * A whole entity screen from one resource definition: debounced search, the filters, the
 * inactive toggle, export, add, the table with sorting headers, edit and the two-step status
 * change, the row's own actions, the pager; a context picker first when the resource has
 * one. Its state lives in the URL. Focus never falls to the page: when a dialog closes it
 * goes back to what opened it, and to the list when that is gone.
 */
export function ResourceScreen<Item extends ResourceItem>({ resource }: { resource: ResourceDefinition<Item> }) {
  const { namespace, context } = resource;
  const { t } = useTranslation([namespace, 'kit', 'common']);
  const user = useSession((session) => session.user);
  const [state, update] = useListState({
    sortKeys: resource.columns.flatMap((column) => (column.sortKey ? [column.sortKey] : [])),
    filters: Object.fromEntries((resource.filters ?? []).map((filter) => [filter.param, filterParam(filter)])),
    context: context?.param,
  });
  // The context (`{ contract: 7 }`) goes to the list, the export, the filters' options and the form.
  const contextValues: Record<string, number> = context && state.context ? { [context.param]: state.context } : {};
  const waitsForContext = Boolean(context) && state.context === null;
  const chooseContext = useCallback(
    (value: number | null, options?: { replace?: boolean }) => update({ context: value }, options),
    [update],
  );
  const [editing, setEditing] = useState<Item | null | undefined>(undefined);
  const list = useListController<Item>({
    endpoint: resource.endpoint,
    state,
    update,
    filters: { ...state.filters, ...contextValues },
    enabled: !waitsForContext,
  });
  const { status, reload, query } = list;
  const columnChoice = useColumnChoice(resource.endpoint, resource.columns);
  const plural = t(resource.pluralKey, { ns: namespace });
  const singular = t(resource.singularKey, { ns: namespace });
  const level = user?.permission_set.value;
  const canCreate = !resource.readOnly && hasPermission(level, resource.createPermission);
  const describe = (item: Item) => resource.describe?.(item) ?? String(item.id);

  // Focus to give back once the list has settled: the element, or the list when it is gone.
  const listRef = useRef<HTMLDivElement>(null);
  const focusTarget = useRef<HTMLElement | null | undefined>(undefined);
  const [focusRequests, setFocusRequests] = useState(0);
  // The list asked for again after a write: focus waits for it (the row may be gone).
  const reloading = useRef<Promise<unknown> | null>(null);
  const returnFocus = useCallback((element: HTMLElement | null) => {
    focusTarget.current = element;
    const request = () => setFocusRequests((count) => count + 1);
    if (reloading.current) void reloading.current.then(request);
    else request();
  }, []);
  const { invalidate } = list;
  /** After a write: the list (and the resource's options everywhere) asked for again. */
  const refresh = useCallback(() => {
    const done = invalidate().finally(() => {
      if (reloading.current === done) reloading.current = null;
    });
    reloading.current = done;
  }, [invalidate]);
  useEffect(() => {
    if (focusTarget.current === undefined || status === 'loading') return;
    const frame = requestAnimationFrame(() => {
      const target = focusTarget.current ?? null;
      focusTarget.current = undefined;
      if (canFocus(target)) target.focus();
      else listRef.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [status, focusRequests]);
  const opener = useRef<HTMLElement | null>(null);
  const openForm = (item: Item | null) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setEditing(item);
  };
  const closeForm = () => {
    setEditing(undefined);
    returnFocus(opener.current);
  };

  useEffect(() => {
    if (status === 'error') notify.error(t('kit:loadFailed', { plural: plural.toLowerCase() }));
  }, [status, plural, t]);
  /**
   * A failed call says the server's reason by its code, translated; a reason that says nothing
   * of the call (a server error, the network) gives way to `fallback`, the entity's own message
   * (spec §8: "Erro ao alterar o status de …").
   */
  const notifyFailure = async (error: unknown, fallback: string) => {
    const apiError = await toApiError(error);
    const generic = apiError.code === 'server_error' || apiError.code === 'network_error';
    const known = generic ? '' : t(`common:errors.${apiError.code}`, { defaultValue: '' });
    notify.error(known || fallback);
  };
  const changeActiveness = async (item: Item) => {
    const name = describe(item);
    try {
      await resourceApi<Item>(resource.endpoint).setActiveness(item.id, !item.isActive);
      notify.success(t(item.isActive ? 'kit:deactivated' : 'kit:activated', { name }));
      refresh();
    } catch (error) {
      await notifyFailure(error, t('kit:activenessFailed', { singular: singular.toLowerCase() }));
    }
  };
  const runAction = async (action: RowAction<Item>, item: Item) => {
    const name = describe(item);
    try {
      await resourceApi<Item>(resource.endpoint).action(item.id, action.call);
      notify.success(t(action.successKey, { name }));
      refresh();
    } catch (error) {
      const label = t(action.labelKey, { name }).toLowerCase();
      await notifyFailure(error, t('kit:actionFailed', { action: label, name }));
    }
  };
  // A row's own actions go to those who may add, narrowed by each action's `shown`.
  const rowActions = (item: Item) =>
    canCreate && user ? (resource.rowActions ?? []).filter((action) => !action.shown || action.shown(item, user)) : [];

  const actions = resource.readOnly
    ? undefined
    : (item: Item) => (
        <Space size={0}>
          <Button size="small" type="link" icon={<EditOutlined aria-hidden />} onClick={() => openForm(item)}>
            {t('kit:edit')}
          </Button>
          {rowActions(item).map((action) => (
            <RowActionButton<Item>
              key={action.key}
              action={action}
              name={describe(item)}
              t={t}
              onConfirm={() => runAction(action, item)}
              onClosed={returnFocus}
            />
          ))}
          {resource.hasActiveness &&
          canCreate &&
          (!resource.canChangeActiveness || (user && resource.canChangeActiveness(item, user))) ? (
            <ActivenessToggle
              name={describe(item)}
              isActive={Boolean(item.isActive)}
              onConfirm={() => changeActiveness(item)}
              hides={() => deactivationText(resource.endpoint, item.id, t)}
              onClosed={returnFocus}
            />
          ) : null}
        </Space>
      );

  return (
    <section data-testid={`resource-${resource.endpoint}`}>
      {/* The page's one h1 (the shell has none on a module screen), at the size of a section title. */}
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
        {plural}
      </Typography.Title>
      {context ? <ContextPicker context={context} t={t} value={state.context} onChange={chooseContext} /> : null}
      {waitsForContext ? (
        <Typography.Paragraph data-testid="context-hint" style={{ color: themeTokens.colorTextSecondary }}>
          {t(context?.hintKey ?? 'kit:contextHint', { plural: plural.toLowerCase() })}
        </Typography.Paragraph>
      ) : (
        <>
          <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 16, flexWrap: 'wrap' }}>
            <Input
              aria-label={t('kit:search')}
              placeholder={t('kit:searchPlaceholder')}
              prefix={<SearchOutlined aria-hidden />}
              allowClear={{ clearIcon: <CloseCircleFilled aria-label={t('kit:clearSearch')} /> }}
              value={list.searchText}
              onChange={(event) => list.setSearchText(event.target.value)}
              style={{ width: 280 }}
            />
            {resource.filters?.length ? (
              <ListFilters
                filters={resource.filters}
                namespace={namespace}
                t={t}
                values={state.filters}
                optionParams={contextValues}
                onChange={(param, value) => update({ filters: { ...state.filters, [param]: value ?? '' } })}
              />
            ) : null}
            {resource.hasActiveness ? (
              <label style={{ display: 'inline-flex', alignItems: 'center', gap: 8, cursor: 'pointer' }}>
                <Switch
                  size="small"
                  checked={state.includeInactive}
                  onChange={(checked) => update({ includeInactive: checked })}
                />
                {t('kit:showInactive')}
              </label>
            ) : null}
            {/* Columns, export and add stay together at the right, on the next line when the filters fill this one. */}
            <div style={{ display: 'flex', gap: 12, marginLeft: 'auto' }}>
              <ColumnChooser choice={columnChoice} t={t} namespace={namespace} />
              <ExportButton endpoint={resource.endpoint} query={query} plural={plural.toLowerCase()} />
              {canCreate ? (
                <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => openForm(null)}>
                  {t('kit:add')}
                </Button>
              ) : null}
            </div>
          </div>
          {status === 'error' ? (
            <Alert
              type="error"
              showIcon
              title={t('kit:loadFailed', { plural: plural.toLowerCase() })}
              action={
                <Button icon={<ReloadOutlined aria-hidden />} onClick={reload}>
                  {t('kit:retry')}
                </Button>
              }
              style={{ marginBottom: 16 }}
            />
          ) : null}
          <ResourceTable<Item>
            resource={resource}
            shown={columnChoice.shown}
            t={t}
            items={list.items}
            loading={status === 'loading'}
            state={state}
            onSort={list.setSort}
            actions={actions}
            rowActionCount={Math.max(0, ...list.items.map((item) => rowActions(item).length))}
            label={t('kit:listLabel', { plural: plural.toLowerCase() })}
            listRef={listRef}
          />
          <div style={{ marginTop: 16 }}>
            <Pager
              page={state.page}
              pageSize={DEFAULT_PAGE_SIZE}
              total={list.total}
              onChange={(next) => {
                // The button used keeps focus while it can; the first and last pages disable theirs.
                returnFocus(document.activeElement instanceof HTMLElement ? document.activeElement : null);
                list.setPage(next);
              }}
            />
          </div>
          {editing !== undefined ? (
            <ResourceFormModal<Item>
              resource={resource}
              item={editing}
              onClose={closeForm}
              onSaved={() => {
                refresh();
                closeForm();
              }}
              context={contextValues}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
