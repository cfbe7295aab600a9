import { createElement } from 'react';

/**
 * react-apexcharts under jest, for every test (jest.config.mjs maps the module here). apexcharts
 * draws nothing in jsdom, so the chart
 * is an element carrying what it was given — type, series, categories and options — and a test
 * checks that a chart plots exactly the numbers of the table under it.
 */
export default function ApexChartMock(props: {
  type: string;
  series: unknown;
  options?: { xaxis?: { categories?: unknown }; labels?: unknown };
}) {
  return createElement('div', {
    'data-testid': 'apex',
    'data-type': props.type,
    'data-series': JSON.stringify(props.series),
    'data-categories': JSON.stringify(props.options?.xaxis?.categories ?? props.options?.labels ?? null),
    'data-options': JSON.stringify(props.options ?? {}),
  });
}
