import { createElement } from 'react';

/**
 * react-apexcharts under jest, for every test (jest.config.mjs maps the module here). apexcharts
 * draws nothing in jsdom, so the chart
 * is an element carrying what it was given — type, series, categories and options — and a test
 * checks that a chart plots exactly the numbers of the table under it.
 */
type Props = {
  type: string;
  series: unknown;
  options?: { chart?: { id?: string }; xaxis?: { categories?: unknown }; labels?: unknown };
};

/** How many times a chart was drawn (rendered with new props), every chart together. */
export const draws = { count: 0 };

/** The options as given, functions and all (a colour or a label by value), by the chart's id. */
export const drawnOptions = new Map<string, unknown>();

export default function ApexChartMock(props: Props) {
  const id = props.options?.chart?.id ?? '';
  draws.count += 1;
  drawnOptions.set(id, props.options);
  return createElement('div', {
    'data-testid': 'apex',
    'data-chart-id': id,
    'data-type': props.type,
    'data-series': JSON.stringify(props.series),
    'data-categories': JSON.stringify(props.options?.xaxis?.categories ?? props.options?.labels ?? null),
    'data-options': JSON.stringify(props.options ?? {}),
  });
}
