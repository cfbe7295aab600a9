import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { themeTokens } from '@canteiro/shared/core';

/** A module's welcome page (spec §2): its title (the page's h1) and welcome text, from the module's namespace. */
export function ModuleWelcome({
  namespace,
  illustration,
  compact = false,
}: {
  namespace: string;
  illustration?: React.ReactNode;
  /** Above the module's own content (the Dashboards' portfolio): no illustration, less room. */
  compact?: boolean;
}) {
  const { t } = useTranslation(namespace);
  return (
    <section data-testid="module-welcome" style={{ maxWidth: 760, padding: compact ? '0 0 8px' : '32px 8px' }}>
      {illustration && !compact ? (
        <div style={{ fontSize: 44, color: themeTokens.colorPrimary, marginBottom: 12 }}>{illustration}</div>
      ) : null}
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: compact ? 24 : 30 }}>
        {t('welcome.title')}
      </Typography.Title>
      <Typography.Paragraph
        style={{ fontSize: compact ? 14 : 16, color: '#4b5563', marginBottom: compact ? 4 : undefined }}
      >
        {t('welcome.text')}
      </Typography.Paragraph>
      <Typography.Paragraph style={{ color: '#4b5563', marginBottom: compact ? 0 : undefined }}>
        {t('welcome.hint')}
      </Typography.Paragraph>
    </section>
  );
}
