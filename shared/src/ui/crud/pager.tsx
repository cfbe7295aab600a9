import { DoubleLeftOutlined, DoubleRightOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec §2: first, previous, next, last and 'x of y'. `onChange` gets the button used, for focus. */
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
  // An empty list has no pages: "0 de 0", every button disabled.
  const pages = Math.ceil(total / pageSize);
  const current = Math.max(1, Math.min(page, pages));
  return (
    <Space data-testid="pager" size={4} style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center' }}>
      <Typography.Text type="secondary" style={{ marginRight: 12 }}>
        {t('total', { count: total, total: number(total) })}
      </Typography.Text>
      <Button
        aria-label={t('first')}
        icon={<DoubleLeftOutlined aria-hidden />}
        disabled={current <= 1}
        onClick={() => onChange(1)}
      />
      <Button
        aria-label={t('previous')}
        icon={<LeftOutlined aria-hidden />}
        disabled={current <= 1}
        onClick={() => onChange(current - 1)}
      />
      <Typography.Text data-testid="page-of" style={{ minWidth: 72, textAlign: 'center', display: 'inline-block' }}>
        {pages === 0 ? t('noPages') : t('pageOf', { page: number(current), pages: number(pages) })}
      </Typography.Text>
      <Button
        aria-label={t('next')}
        icon={<RightOutlined aria-hidden />}
        disabled={current >= pages}
        onClick={() => onChange(current + 1)}
      />
      <Button
        aria-label={t('last')}
        icon={<DoubleRightOutlined aria-hidden />}
        disabled={current >= pages}
        onClick={() => onChange(pages)}
      />
    </Space>
  );
}
