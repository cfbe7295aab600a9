import { DoubleLeftOutlined, DoubleRightOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec §2: first, previous, next, last and 'x of y'. */
export function Pager({
  page,
  pageSize,
  total,
  onChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}) {
  const { t, i18n } = useTranslation('kit');
  const number = (value: number) => value.toLocaleString(i18n.language);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(page, pages);
  return (
    <Space data-testid="pager" size={4} style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center' }}>
      <Typography.Text type="secondary" style={{ marginRight: 12 }}>
        {t('total', { count: total, total: number(total) })}
      </Typography.Text>
      <Button
        aria-label={t('first')}
        icon={<DoubleLeftOutlined />}
        disabled={current <= 1}
        onClick={() => onChange(1)}
      />
      <Button
        aria-label={t('previous')}
        icon={<LeftOutlined />}
        disabled={current <= 1}
        onClick={() => onChange(current - 1)}
      />
      <Typography.Text data-testid="page-of" style={{ minWidth: 72, textAlign: 'center', display: 'inline-block' }}>
        {t('pageOf', { page: number(current), pages: number(pages) })}
      </Typography.Text>
      <Button
        aria-label={t('next')}
        icon={<RightOutlined />}
        disabled={current >= pages}
        onClick={() => onChange(current + 1)}
      />
      <Button
        aria-label={t('last')}
        icon={<DoubleRightOutlined />}
        disabled={current >= pages}
        onClick={() => onChange(pages)}
      />
    </Space>
  );
}
