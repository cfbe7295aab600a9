import { Suspense, lazy, memo, useEffect, useId, useMemo, useRef } from 'react';
import type { ComponentProps } from 'react';
import type { ApexOptions } from 'apexcharts';
import { navColors, themeTokens } from '@canteiro/shared/core';
import { formatFigure } from '@canteiro/shared/domain';
import type { FigureFormat, Locale } from '@canteiro/shared/domain';
import { MIN_LABELLED_SHARE } from './series';
import { keepTextMeasures } from './text-measures';
import { useLocale } from './use-locale';

// Loaded on first draw: apexcharts (~500 kB) is fetched by the dashboard screens only,
// never by the module's entry, its menu or the report lists.
const ReactApexChart = lazy(() => import('react-apexcharts'));

/**
 * react-apexcharts redraws whenever its options are not the same objects (it compares functions
 * by identity), and a screen makes new ones on every render: a filter change redrew all six of
 * project health's charts with the answer already on screen, ~250 ms before the new answer was
 * even asked for (docs/frontend.md, "A filter change"). Drawn again only for new props.
 */
const ApexChart = memo(function ApexChart(props: ComponentProps<typeof ReactApexChart>) {
  return <ReactApexChart {...props} />;
});

/**
 * The series and options a chart was last drawn with, while the new ones carry the same data
 * (functions aside) in the same language: their functions then read the same figures. New data
 * or a new language takes the new ones whole, functions included.
 */
function useDrawn(series: ApexOptions['series'], options: ApexOptions | undefined, locale: Locale) {
  const drawn = useRef({ series, options, locale, text: '' });
  const text = JSON.stringify([series, options ?? null]);
  if (drawn.current.locale !== locale || drawn.current.text !== text) drawn.current = { series, options, locale, text };
  return drawn.current;
}

export type ChartType = 'bar' | 'line' | 'area' | 'rangeArea' | 'donut' | 'pie';

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Function);

/** The screen's options over the defaults, object by object (arrays and functions replace). */
export function mergeOptions(base: Plain, over: Plain): Plain {
  const merged: Plain = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = merged[key];
    merged[key] = isPlain(current) && isPlain(value) ? mergeOptions(current, value) : value;
  }
  return merged;
}

/** The house look of every chart, its numbers written as the tables write them (formatFigure). */
function defaultOptions(
  id: string,
  type: ChartType,
  format: FigureFormat,
  locale: Locale,
  horizontal: boolean,
): ApexOptions {
  const write = (value: number) => formatFigure(value, format, locale);
  // A number on a value axis; a category (a name, on a horizontal bar's y axis) as it is.
  const label = (value: unknown) =>
    typeof value === 'number' ? write(value) : Array.isArray(value) ? value.map(String) : String(value ?? '');
  const round = type === 'donut' || type === 'pie';
  return {
    chart: {
      id,
      fontFamily: themeTokens.fontFamily,
      foreColor: themeTokens.colorText,
      toolbar: { show: false },
      zoom: { enabled: false },
      // Drawn at once, for everyone: a figure is read, not watched. Animated, a filter change
      // morphed each chart for 250 ms after it was drawn, and the donut (made anew for new
      // figures) grew from nothing again (docs/frontend.md, "A filter change").
      animations: { enabled: false },
      redrawOnParentResize: true,
      // Its labels' measures kept from one draw to the next (text-measures.ts).
      events: { beforeMount: keepTextMeasures },
    },
    legend: { position: 'bottom', fontSize: '13px' },
    dataLabels: round
      ? // A slice's label is its share of the whole, in the language's percent; none on a thin slice.
        {
          enabled: true,
          formatter: (percent: number) =>
            percent / 100 >= MIN_LABELLED_SHARE ? formatFigure(percent / 100, 'index', locale) : '',
          style: { fontSize: '12px', fontWeight: 600 },
          dropShadow: { enabled: false },
        }
      : { enabled: false },
    tooltip: { y: { formatter: (value: number) => (typeof value === 'number' ? write(value) : '') } },
    ...(round
      ? {}
      : {
          // Long names: a horizontal bar's names are cut at 160 px, a column's rotated and cut;
          // the tooltip and the table under the chart give them whole.
          yaxis: { labels: { formatter: label, maxWidth: 160 } },
          xaxis: horizontal
            ? { labels: { formatter: label }, tooltip: { enabled: false } }
            : {
                // Whole labels (weekdays, hours, dates), rotated when they crowd; a screen with
                // long names opts in to `trim` (its table and tooltip give them whole).
                labels: { rotate: -45, hideOverlappingLabels: true, trim: false, maxHeight: 100 },
                tooltip: { enabled: false },
              },
          // Room at the right for the last category's label (a date) and a line's last marker.
          grid: { borderColor: navColors.border, padding: { right: 24 } },
        }),
    // Never `stroke: undefined`: apexcharts reads stroke.colors and throws on a missing object.
    ...(type === 'line' || type === 'area' || type === 'rangeArea'
      ? { stroke: { width: 3, curve: 'straight' as const } }
      : {}),
    // Bars: a white line between stacked shares. Bars and slices in full colour: the class
    // colours are chosen for 3:1 on white, apexcharts' default 0.85 opacity would lighten them.
    ...(type === 'bar' ? { stroke: { show: true, width: 1, colors: ['#fff'] } } : {}),
    ...(type === 'area' ? {} : { fill: { opacity: 1 } }),
  };
}

/** A chart element: its series and its place in it (a bar's, a slice's, a point's index). */
export interface ChartPoint {
  series: number;
  index: number;
}

/** apexcharts' click on an element, to the chart's `onOpen`; the pointer says it opens. */
function openOptions(open: { current: ((point: ChartPoint) => void) | undefined }): ApexOptions {
  return {
    chart: {
      events: {
        dataPointSelection: (_event: unknown, _chart: unknown, at: { seriesIndex: number; dataPointIndex: number }) =>
          open.current?.({ series: Math.max(at.seriesIndex, 0), index: at.dataPointIndex }),
        dataPointMouseEnter: (event: { target?: { style?: { cursor: string } } }) => {
          if (event.target?.style) event.target.style.cursor = 'pointer';
        },
      },
    },
    // A click opens; it does not leave the element selected (dimmed) when the user comes back.
    states: { active: { filter: { type: 'none' } } },
  };
}

/**
 * A chart of the dashboards (apexcharts): the series come from a figure table's columns
 * (`tableSeries`), so the chart draws exactly what the table under it lists. `format` says
 * how its values are written on the axis and in tooltips (`hh` 7,5; `index` 43,6 %). The
 * wrapper is an image with `label` for screen readers; the numbers are in the card's table.
 */
export function Chart({
  type,
  series,
  options,
  height = 300,
  label,
  testId,
  format = 'hh',
  onOpen,
}: {
  type: ChartType;
  series: ApexOptions['series'];
  options?: ApexOptions;
  height?: number;
  label: string;
  testId?: string;
  /** How the values are written (axis, tooltip): a figure format; `hh` by default. */
  format?: FigureFormat;
  /** A click on a bar, slice or point (its series and its place in it): the drill-down (drill-down.ts). */
  onOpen?: (point: ChartPoint) => void;
}) {
  const locale = useLocale();
  const id = `chart-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  // The latest handler, read at click time: the options (and the chart) need not change with it.
  const open = useRef(onOpen);
  useEffect(() => {
    open.current = onOpen;
  });
  const opens = onOpen !== undefined;
  const drawn = useDrawn(series, options, locale);
  const merged = useMemo(
    () =>
      mergeOptions(
        mergeOptions(
          defaultOptions(id, type, format, locale, drawn.options?.plotOptions?.bar?.horizontal === true) as Plain,
          opens ? (openOptions(open) as Plain) : {},
        ),
        (drawn.options ?? {}) as Plain,
      ) as ApexOptions,
    [id, type, format, locale, drawn.options, opens],
  );
  const placeholder = <div style={{ height }} aria-hidden />;
  // A new chart, not an update: for a new language (apexcharts keeps its formatters), and for a
  // donut's or pie's new figures (apexcharts 4.7 kept drawing a donut's old slices after a filter
  // changed, while its table under it showed the new ones).
  const round = type === 'donut' || type === 'pie';
  const key = round ? `${locale}:${JSON.stringify(drawn.series)}` : locale;
  return (
    // `data-chart`: what a test or the bench waits for (antd icons are role="img" too).
    <div
      role="img"
      aria-label={label}
      data-testid={testId}
      data-chart={type}
      // apexcharts' id of it: print.ts redraws it at its printed width.
      data-chart-id={id}
      style={{ minWidth: 0, width: '100%', minHeight: height }}
    >
      <Suspense fallback={placeholder}>
        <ApexChart key={key} type={type} series={drawn.series} options={merged} height={height} width="100%" />
      </Suspense>
    </div>
  );
}
