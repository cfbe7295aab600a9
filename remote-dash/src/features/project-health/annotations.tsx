import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Button, Popconfirm, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  annotationChangeSchema,
  annotationInputSchema,
  formatFigure,
  mayChangeAnnotation,
} from '@canteiro/shared/domain';
import type { Annotation, Locale, ProjectHealthDashboard } from '@canteiro/shared/domain';
import { api, notify, themeTokens, toApiError, useSession } from '@canteiro/shared/core';
import { queryClient } from '@canteiro/shared/core/query';
import { ResourceFormModal } from '@canteiro/shared/ui';
import type { ResourceDefinition } from '@canteiro/shared/ui';
import { ANNOTATION_COLOUR, points, useLocale } from '../../kit/dashboards';
import { RealChangeTag } from '../../kit/dashboards/real-change-tag';
import { shortDay } from '../../kit/header/header-state';

/** An annotation as the kit's form edits it. */
type AnnotationItem = Annotation & Record<string, unknown>;

/** The form of an annotation: the kit's, with the schemas the server validates with. */
const ANNOTATIONS: ResourceDefinition<AnnotationItem> = {
  endpoint: 'annotations',
  namespace: 'dash',
  singularKey: 'annotations.one',
  pluralKey: 'annotations.title',
  columns: [],
  fields: [
    { name: 'from', labelKey: 'annotations.from', kind: 'date', half: true },
    { name: 'to', labelKey: 'annotations.to', kind: 'date', half: true },
    { name: 'label', labelKey: 'annotations.label', kind: 'text' },
  ],
  createSchema: annotationInputSchema,
  updateSchema: annotationChangeSchema,
};

/** Every dashboard answer again: an annotation is on each time axis, and the server's kept answers moved on. */
const refreshDashboards = () => queryClient.invalidateQueries({ queryKey: ['dashboards'] });

/** The days of an annotation ("09/03 – 11/03", one day alone). */
const daysText = (annotation: { from: string; to: string }, locale: Locale) =>
  annotation.from === annotation.to
    ? shortDay(annotation.from, locale)
    : `${shortDay(annotation.from, locale)} – ${shortDay(annotation.to, locale)}`;

/** "Agrega valor 52,2 % → 36,4 % (7 dias antes e depois do início)", its change and interval. */
function comparisonText(annotation: Annotation, locale: Locale, t: TFunction) {
  const { before, after, change, days } = annotation.comparison;
  const share = (value: number | null) => (value === null ? '—' : formatFigure(value, 'index', locale));
  return {
    shares: t('dash:annotations.shares', { before: share(before.share), after: share(after.share), count: days }),
    change: change
      ? t('dash:annotations.change', {
          difference: points(change.difference, locale),
          low: points(change.low, locale),
          high: points(change.high, locale),
        })
      : t('dash:annotations.noChange'),
    real: change?.real ?? false,
  };
}

function AnnotationEntry({
  annotation,
  onEdit,
  mayChange,
}: {
  annotation: Annotation;
  onEdit: () => void;
  mayChange: boolean;
}) {
  const { t } = useTranslation(['dash', 'common']);
  const locale = useLocale();
  const [removing, setRemoving] = useState(false);
  const words = comparisonText(annotation, locale, t);
  const remove = async () => {
    setRemoving(true);
    try {
      await api.delete(`annotations/${annotation.id}`);
      notify.success(t('dash:annotations.removed'));
      await refreshDashboards();
    } catch (error) {
      notify.error((await toApiError(error)).message);
    } finally {
      setRemoving(false);
    }
  };
  return (
    <li
      data-testid="annotation"
      style={{
        display: 'flex',
        gap: 12,
        alignItems: 'flex-start',
        padding: '10px 0',
        borderTop: '1px solid #f0f0f0',
      }}
    >
      <span
        aria-hidden
        style={{ width: 4, alignSelf: 'stretch', background: ANNOTATION_COLOUR, borderRadius: 2, flex: 'none' }}
      />
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{annotation.label}</div>
        <div style={{ color: themeTokens.colorTextSecondary, fontSize: 13 }}>
          {t('dash:annotations.when', { days: daysText(annotation, locale), author: annotation.author.name })}
        </div>
        <div data-testid="annotation-comparison" style={{ fontSize: 13, marginTop: 4 }}>
          {words.shares} · {words.change} {words.real ? <RealChangeTag /> : null}
        </div>
      </div>
      {mayChange ? (
        <div style={{ display: 'flex', gap: 4, flex: 'none' }}>
          <Button
            size="small"
            icon={<EditOutlined aria-hidden />}
            onClick={onEdit}
            aria-label={t('dash:annotations.edit', { label: annotation.label })}
          >
            {t('dash:annotations.editShort')}
          </Button>
          <Popconfirm
            title={t('dash:annotations.removeConfirm', { label: annotation.label })}
            okText={t('dash:annotations.remove')}
            cancelText={t('dash:annotations.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={remove}
          >
            <Button
              size="small"
              danger
              loading={removing}
              icon={<DeleteOutlined aria-hidden />}
              aria-label={t('dash:annotations.removeNamed', { label: annotation.label })}
            >
              {t('dash:annotations.remove')}
            </Button>
          </Popconfirm>
        </div>
      ) : null}
    </li>
  );
}

/**
 * The contract's annotations on the dashboard's days (docs/dashboards.md, "Annotations"):
 * each with its days, author and before/after comparison (DOMAIN.md §5), added by anyone who
 * sees the contract and changed or removed by its author or a higher level (the server's
 * rule, mirrored to show the buttons). The same annotations are drawn on every time axis.
 */
export function Annotations({ answer }: { answer: ProjectHealthDashboard }) {
  const { t } = useTranslation(['dash']);
  const user = useSession((state) => state.user);
  const [editing, setEditing] = useState<AnnotationItem | 'new' | null>(null);
  const contract = answer.filters.contract;
  return (
    <section aria-labelledby="annotations-title" data-testid="annotations" style={{ margin: '8px 0 16px' }}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
        <h2 id="annotations-title" style={{ fontSize: 18, margin: '8px 0', fontWeight: 600 }}>
          {t('dash:annotations.title')}
        </h2>
        <Button icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')} data-testid="annotation-add">
          {t('dash:annotations.add')}
        </Button>
      </div>
      <Typography.Paragraph type="secondary" style={{ fontSize: 13, margin: '0 0 4px' }}>
        {t('dash:annotations.explain')}
      </Typography.Paragraph>
      {answer.annotations.length === 0 ? (
        <Typography.Paragraph type="secondary" data-testid="annotations-none">
          {t('dash:annotations.none')}
        </Typography.Paragraph>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {answer.annotations.map((annotation) => (
            <AnnotationEntry
              key={annotation.id}
              annotation={annotation}
              mayChange={
                user !== null &&
                mayChangeAnnotation({ id: user.id, profile: user.permission_set.value }, annotation.author)
              }
              onEdit={() => setEditing(annotation as AnnotationItem)}
            />
          ))}
        </ul>
      )}
      {editing === null ? null : (
        <ResourceFormModal<AnnotationItem>
          resource={ANNOTATIONS}
          item={editing === 'new' ? null : editing}
          context={editing === 'new' ? { contract } : {}}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refreshDashboards();
          }}
        />
      )}
    </section>
  );
}
