import { Typography } from 'antd';
import { navColors, themeTokens } from '@canteiro/shared/core';
import { LowConfidenceTag } from './figure-table';
import { RealChangeTag } from './real-change-tag';

/**
 * One headline figure of a screen's top row: its label, the value as formatFigure wrote it,
 * and the sample behind it (observations, registers), marked when low-confidence.
 */
export function Kpi({
  label,
  value,
  interval,
  sample,
  lowConfidence = false,
  testId,
  colour,
  change,
}: {
  label: string;
  value: string;
  /** The figure's 95 % interval as written ("IC 95 %: 16,4 % a 83,6 %"), under the value. */
  interval?: string;
  sample?: string;
  lowConfidence?: boolean;
  testId?: string;
  /** A class's colour (CLASS_COLOURS) as a bar at the figure's left, tying it to the charts. */
  colour?: string;
  /** Its change against the period before, as written ("−9,3 p.p. ante …"), its interval, and whether it is real. */
  change?: { text: string; interval: string; real: boolean };
}) {
  return (
    <div
      data-testid={testId}
      style={{
        border: `1px solid ${navColors.border}`,
        borderLeft: `4px solid ${colour ?? navColors.border}`,
        borderRadius: themeTokens.borderRadius,
        padding: '10px 14px',
        background: '#fff',
        minWidth: 0,
        height: '100%',
        boxSizing: 'border-box',
      }}
    >
      <div style={{ fontSize: 13, color: themeTokens.colorTextSecondary, lineHeight: '18px' }}>{label}</div>
      <div
        data-testid={testId ? `${testId}-value` : undefined}
        style={{
          fontSize: 24,
          fontWeight: 600,
          lineHeight: '32px',
          fontVariantNumeric: 'tabular-nums',
          whiteSpace: 'nowrap',
        }}
      >
        {value || '—'}
      </div>
      {interval ? (
        <div
          data-testid={testId ? `${testId}-interval` : undefined}
          style={{ fontSize: 13, lineHeight: '18px', fontVariantNumeric: 'tabular-nums', color: themeTokens.colorText }}
        >
          {interval}
        </div>
      ) : null}
      {sample || lowConfidence ? (
        <Typography.Text style={{ fontSize: 12, color: themeTokens.colorTextSecondary, display: 'block' }}>
          {sample}
          {lowConfidence ? (
            <span style={{ marginLeft: sample ? 6 : 0 }}>
              <LowConfidenceTag />
            </span>
          ) : null}
        </Typography.Text>
      ) : null}
      {change ? (
        <div
          data-testid={testId ? `${testId}-change` : undefined}
          style={{
            fontSize: 12,
            lineHeight: '17px',
            fontVariantNumeric: 'tabular-nums',
            color: themeTokens.colorText,
            borderTop: `1px solid ${navColors.border}`,
            marginTop: 6,
            paddingTop: 6,
          }}
        >
          <div>{change.text}</div>
          <div style={{ color: themeTokens.colorTextSecondary }}>{change.interval}</div>
          {change.real ? <RealChangeTag /> : null}
        </div>
      ) : null}
    </div>
  );
}
