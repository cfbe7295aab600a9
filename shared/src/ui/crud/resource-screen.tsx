import { useCallback, useEffect, useRef, useState } from 'react';
import { CloseCircleFilled, EditOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify, toApiError, useSession } from '@canteiro/shared/core';
import { DEFAULT_PAGE_SIZE, hasPermission } from '@canteiro/shared/domain';
import { ExportButton } from './export-button';
import { ListFilters } from './list-filters';
import { Pager } from './pager';
import { resourceApi } from './resource-api';
import { ResourceFormModal } from './resource-form-modal';
import { ResourceTable } from './resource-table';
import { StatusToggle } from './status-toggle';
import type { ResourceDefinition, ResourceItem } from './types';
import { useListState } from './use-list-state';
import { useResourceList } from './use-resource-list';
import { registerKitTranslations } from './i18n';

registerKitTranslations();

const SEARCH_DEBOUNCE_MS = 300;

/** An element that can take focus back: still in the page and not disabled. */
const canFocus = (element: HTMLElement | null): element is HTMLElement =>
  Boolean(element?.isConnected) && !(element as HTMLButtonElement).disabled;

/**
 * A whole entity screen from one resource definition: debounced search, the filters, the
 * inactive toggle, export, add, the table with sorting headers, edit and the two-step status
 * change, the pager. Its state lives in the URL. Focus never falls to the page: when a dialog
 * closes it goes back to what opened it, and to the list when that is gone.
 */
export function ResourceScreen<Item extends ResourceItem>({
  resource,
  titleKey,
}: {
  resource: ResourceDefinition<Item>;
  titleKey?: string;
}) {
  const { namespace } = resource;
  const { t } = useTranslation([namespace, 'kit', 'common']);
  const user = useSession((session) => session.user);
  const [state, update] = useListState({
    sortKeys: resource.columns.flatMap((column) => (column.sortKey ? [column.sortKey] : [])),
    filterNames: (resource.filters ?? []).map((filter) => filter.param),
  });
  const [searchText, setSearchText] = useState(state.search);
  const [editing, setEditing] = useState<Item | null | undefined>(undefined);
  const query = {
    search: state.search,
    page: state.page,
    pageSize: DEFAULT_PAGE_SIZE,
    includeInactive: state.includeInactive,
    sort: state.sort || undefined,
    order: state.sort ? state.order : undefined,
    filters: state.filters,
  };
  const { page, status, reload } = useResourceList<Item>(resource.endpoint, query);
  const plural = t(resource.pluralKey, { ns: namespace });
  const singular = t(resource.singularKey, { ns: namespace });
  const level = user?.permission_set.value;
  const canCreate =
    !resource.readOnly &&
    (resource.canCreate ? Boolean(user && resource.canCreate(user)) : hasPermission(level, resource.createPermission));

  // Focus to give back once the list has settled: the element, or the list when it is gone.
  const listRef = useRef<HTMLDivElement>(null);
  const focusTarget = useRef<HTMLElement | null | undefined>(undefined);
  const [focusRequests, setFocusRequests] = useState(0);
  const returnFocus = useCallback((element: HTMLElement | null) => {
    focusTarget.current = element;
    setFocusRequests((count) => count + 1);
  }, []);
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

  // The URL may change under us (back/forward): the box follows it.
  useEffect(() => setSearchText(state.search), [state.search]);
  useEffect(() => {
    if (searchText === state.search) return;
    const timer = setTimeout(() => update({ search: searchText.trim() }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, state.search, update]);
  useEffect(() => {
    if (status === 'error') notify.error(t('kit:loadFailed', { plural: plural.toLowerCase() }));
  }, [status, plural, t]);
  // A page past the end (rows went inactive, a stale link) moves to the last one.
  useEffect(() => {
    if (page && page.total > 0 && state.page > Math.ceil(page.total / DEFAULT_PAGE_SIZE))
      update({ page: Math.ceil(page.total / DEFAULT_PAGE_SIZE) });
  }, [page, state.page, update]);

  const changeStatus = async (item: Item) => {
    const name = resource.describe?.(item) ?? String(item.id);
    try {
      await resourceApi<Item>(resource.endpoint).setStatus(item.id, !item.isActive);
      notify.success(t(item.isActive ? 'kit:deactivated' : 'kit:activated', { name }));
      reload();
    } catch (error) {
      const apiError = await toApiError(error);
      const known = t(`common:errors.${apiError.code}`, { defaultValue: '' });
      notify.error(known || t('kit:statusFailed', { singular: singular.toLowerCase() }));
    }
  };

  const actions = resource.readOnly
    ? undefined
    : (item: Item) => (
        <Space size={0}>
          <Button size="small" type="link" icon={<EditOutlined aria-hidden />} onClick={() => openForm(item)}>
            {t('kit:edit')}
          </Button>
          {resource.hasStatus &&
          canCreate &&
          (!resource.canChangeStatus || (user && resource.canChangeStatus(item, user))) ? (
            <StatusToggle
              name={resource.describe?.(item) ?? String(item.id)}
              isActive={Boolean(item.isActive)}
              onConfirm={() => changeStatus(item)}
              onClosed={returnFocus}
            />
          ) : null}
        </Space>
      );

  return (
    <section data-testid={`resource-${resource.endpoint}`}>
      {/* The page's one h1 (the shell has none on a module screen), at the size of a section title. */}
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
        {titleKey ? t(titleKey) : plural}
      </Typography.Title>
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 16, flexWrap: 'wrap' }}>
        <Input
          aria-label={t('kit:search')}
          placeholder={t('kit:searchPlaceholder')}
          prefix={<SearchOutlined aria-hidden />}
          allowClear={{ clearIcon: <CloseCircleFilled aria-label={t('kit:clearSearch')} /> }}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          style={{ width: 280 }}
        />
        {resource.filters?.length ? (
          <ListFilters
            filters={resource.filters}
            namespace={namespace}
            t={t}
            values={state.filters}
            onChange={(param, value) => update({ filters: { ...state.filters, [param]: value ?? '' } })}
          />
        ) : null}
        {resource.hasStatus ? (
          <label style={{ display: 'inline-flex', alignItems: 'center', gap: 8, cursor: 'pointer' }}>
            <Switch
              size="small"
              checked={state.includeInactive}
              onChange={(checked) => update({ includeInactive: checked })}
            />
            {t('kit:showInactive')}
          </label>
        ) : null}
        {/* Export and add stay together at the right, on the next line when the filters fill this one. */}
        <div style={{ display: 'flex', gap: 12, marginLeft: 'auto' }}>
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
        t={t}
        items={page?.items ?? []}
        loading={status === 'loading'}
        state={state}
        onSort={(sort) => update(sort)}
        actions={actions}
        label={t('kit:listLabel', { plural: plural.toLowerCase() })}
        listRef={listRef}
      />
      <div style={{ marginTop: 16 }}>
        <Pager
          page={state.page}
          pageSize={DEFAULT_PAGE_SIZE}
          total={page?.total ?? 0}
          onChange={(next) => {
            // The button used keeps focus while it can; the first and last pages disable theirs.
            returnFocus(document.activeElement instanceof HTMLElement ? document.activeElement : null);
            update({ page: next });
          }}
        />
      </div>
      {editing !== undefined ? (
        <ResourceFormModal<Item>
          resource={resource}
          item={editing}
          onClose={closeForm}
          onSaved={() => {
            closeForm();
            reload();
          }}
        />
      ) : null}
    </section>
  );
}
