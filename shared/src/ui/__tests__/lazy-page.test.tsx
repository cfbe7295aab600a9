import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import type { ModuleRoute } from '@canteiro/shared/core';
import { lazyPage } from '../lazy-page';

/**
 * A module's route without `load` is a screen announced before it is built: the host shows its
 * work-in-progress page for it (docs/federation.md). Every product screen is built now, so
 * this rule is proven here rather than on a real route in the browser.
 */
const route = (load?: ModuleRoute['load']): ModuleRoute => ({
  path: 'somewhere',
  titleKey: 'routes.somewhere.title',
  descriptionKey: 'routes.somewhere.description',
  load,
});
const Placeholder = () => <p>Em construção</p>;

describe('lazyPage', () => {
  it('gives the placeholder for a route that does not load a page', () => {
    expect(lazyPage(route(), Placeholder)).toBe(Placeholder);
  });

  it("loads a route's page on first render, once per route", async () => {
    const load = jest.fn(async () => ({ default: () => <p>A página</p> }));
    const withPage = route(load);
    const Page = lazyPage(withPage, Placeholder);
    expect(Page).not.toBe(Placeholder);
    expect(lazyPage(withPage, Placeholder)).toBe(Page);
    render(
      <Suspense fallback={<p>Carregando</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText('A página')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
