import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { i18n } from '@canteiro/shared/core';
import { ResourceScreen } from '../resource-screen';
import { serveFakeThings, thingResource } from './fake-api';
import type { Thing } from './fake-api';
import type { ResourceDefinition } from '../types';

/** A column marked `wide` is a detail shown from antd's xl breakpoint (1200 px) up, never at 1064 px. */
const withDetail: ResourceDefinition<Thing> = {
  ...thingResource,
  columns: [
    { key: 'name', titleKey: 'name', sortKey: 'name' },
    { key: 'id', titleKey: 'detail', width: 80, wide: true },
  ],
};

/** A window `width` px wide, as far as CSS media queries are concerned. */
function windowWidth(width: number) {
  window.matchMedia = (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    } as MediaQueryList;
  };
}

beforeAll(() => {
  i18n.addResourceBundle('pt-BR', 'test', {
    thing: { one: 'Coisa', other: 'Coisas' },
    name: 'Nome',
    detail: 'Detalhe',
  });
});
jest.setTimeout(90_000);

it.each([
  [1440, true],
  [1064, false],
])('at %i px the wide column is shown: %s', async (width, shown) => {
  windowWidth(width);
  serveFakeThings(3);
  render(
    <MemoryRouter initialEntries={['/things']}>
      <ResourceScreen resource={withDetail} />
    </MemoryRouter>,
  );
  await screen.findByText('Thing 01');
  expect(screen.getByRole('columnheader', { name: 'Nome' })).toBeInTheDocument();
  expect(screen.queryAllByRole('columnheader', { name: 'Detalhe' })).toHaveLength(shown ? 1 : 0);
});
