import { useEffect, useState } from 'react';
import { EditOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Space, Switch, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify, toApiError, useSession } from '@canteiro/shared/core';
import { hasPermission } from '@canteiro/shared/domain';
import { ExportButton } from './export-button';
import { Pager } from './pager';
import { resourceApi } from './resource-api';
import { ResourceFormModal } from './resource-form-modal';
import { StatusToggle } from './status-toggle';
import type { ResourceDefinition, ResourceItem } from './types';
import { useListState } from './use-list-state';
import { useResourceList } from './use-resource-list';
import { registerKitTranslations } from './i18n';

registerKitTranslations();

export const PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;

/**
 * A whole entity screen from one resource definition: debounced search, the inactive
 * toggle, export, add, the table with edit and the two-step status change, the pager.
 * Its state lives in the URL.
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
  const [state, update] = useListState();
  const [searchText, setSearchText] = useState(state.search);
  const [editing, setEditing] = useState<Item | null | undefined>(undefined);
  const query = { search: state.search, page: state.page, pageSize: PAGE_SIZE, includeInactive: state.includeInactive };
  const { page, status, reload } = useResourceList<Item>(resource.endpoint, query);
  const plural = t(resource.pluralKey, { ns: namespace });
  const singular = t(resource.singularKey, { ns: namespace });
  const level = user?.permission_set.value;
  const canCreate =
    !resource.readOnly &&
    (resource.canCreate ? Boolean(user && resource.canCreate(user)) : hasPermission(level, resource.createPermission));

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
    if (page && page.total > 0 && state.page > Math.ceil(page.total / PAGE_SIZE))
      update({ page: Math.ceil(page.total / PAGE_SIZE) });
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

  const columns: TableColumnsType<Item> = resource.columns.map((column) => ({
    key: column.key,
    title: t(column.titleKey, { ns: namespace }),
    width: column.width,
    align: column.align,
    render: (_: unknown, item: Item) =>
      column.render ? column.render(item, t) : String((item as unknown as Record<string, unknown>)[column.key] ?? ''),
  }));
  if (resource.hasStatus) {
    columns.push({
      key: 'status',
      title: t('kit:status'),
      width: 150,
      render: (_: unknown, item: Item) =>
        item.isActive ? (
          item.parentInactive ? (
            <Tag color="orange">{t('kit:inactiveByParent')}</Tag>
          ) : (
            <Tag color="green">{t('kit:active')}</Tag>
          )
        ) : (
          <Tag>{t('kit:inactive')}</Tag>
        ),
    });
  }
  if (!resource.readOnly) {
    columns.push({
      key: 'actions',
      title: t('kit:actions'),
      width: 190,
      render: (_: unknown, item: Item) => (
        <Space size={0}>
          <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setEditing(item)}>
            {t('kit:edit')}
          </Button>
          {resource.hasStatus && canCreate ? (
            <StatusToggle
              name={resource.describe?.(item) ?? String(item.id)}
              isActive={Boolean(item.isActive)}
              onConfirm={() => changeStatus(item)}
            />
          ) : null}
        </Space>
      ),
    });
  }

  return (
    <section data-testid={`resource-${resource.endpoint}`}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {titleKey ? t(titleKey) : plural}
      </Typography.Title>
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 16, flexWrap: 'wrap' }}>
        <Input
          aria-label={t('kit:search')}
          placeholder={t('kit:searchPlaceholder')}
          prefix={<SearchOutlined />}
          allowClear
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          style={{ maxWidth: 360 }}
        />
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
        <span style={{ flex: 1 }} />
        <ExportButton endpoint={resource.endpoint} state={state} plural={plural.toLowerCase()} />
        {canCreate ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t('kit:add')}
          </Button>
        ) : null}
      </div>
      {status === 'error' ? (
        <Alert
          type="error"
          showIcon
          title={t('kit:loadFailed', { plural: plural.toLowerCase() })}
          action={
            <Button icon={<ReloadOutlined />} onClick={reload}>
              {t('kit:retry')}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Table<Item>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={page?.items ?? []}
        loading={status === 'loading'}
        pagination={false}
        locale={{ emptyText: <span data-testid="no-results">{t('kit:noResults')}</span> }}
        rowClassName={(item) => (item.isActive === false || item.parentInactive ? 'canteiro-row-inactive' : '')}
      />
      <div style={{ marginTop: 16 }}>
        <Pager
          page={state.page}
          pageSize={PAGE_SIZE}
          total={page?.total ?? 0}
          onChange={(next) => update({ page: next })}
        />
      </div>
      {editing !== undefined ? (
        <ResourceFormModal<Item>
          resource={resource}
          item={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            reload();
          }}
        />
      ) : null}
    </section>
  );
}
