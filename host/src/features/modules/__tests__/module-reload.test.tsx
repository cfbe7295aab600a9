import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import type { ReactNode } from 'react';
import { useSession } from '@canteiro/shared/core';
import type { CanteiroModule, ModuleRoute } from '@canteiro/shared/core';
import { ModuleOutlet } from '../../../app/module-outlet';
import { useModules } from '../module-store';
import { loadModule } from '../remotes';

jest.mock('../remotes', () => ({ loadModule: jest.fn() }));
const load = jest.mocked(loadModule);

const user = {
  id: 1,
  email: 'admin@canteiro.test',
  username: 'admin',
  first_name: 'Ana',
  permission_set: { value: 'admin' as const, label: 'Administrador' },
};

/** What a redeploy leaves an open page with: the previous build's chunk answers 404. */
const chunkGone = () =>
  Promise.reject(
    Object.assign(new Error('Loading chunk 2793 failed.\n(error: /remotes/dash/2793.7fa668f242.js)'), {
      name: 'ChunkLoadError',
    }),
  );
const page = (text: string) => () =>
  Promise.resolve({
    default: () => (
      <div>
        <p>{text}</p>
        <Link to="/dash/performance">next screen</Link>
      </div>
    ),
  });

/** One build of the Dashboards module: the routine and performance screens load as told. */
function build(routine: ModuleRoute['load'], performance: ModuleRoute['load'] = routine): CanteiroModule {
  const route = (path: string, pageLoad: ModuleRoute['load']) => ({
    path,
    titleKey: 'title',
    descriptionKey: 'description',
    load: pageLoad,
  });
  return {
    id: 'dash',
    basePath: '/dash',
    namespace: 'dash',
    translations: { 'pt-BR': {}, 'en-US': {} },
    menu: [{ to: '', labelKey: 'menu.start' }],
    routes: [route('routine', routine), route('performance', performance)],
    Providers: ({ children }: { children: ReactNode }) => <>{children}</>,
  };
}

const openRoutine = () =>
  render(
    <MemoryRouter initialEntries={['/dash/routine']}>
      <Routes>
        <Route path="/dash/*" element={<ModuleOutlet id="dash" />} />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(() => {
  load.mockReset();
  useModules.setState({ modules: {} });
  useSession.getState().signIn('token', user);
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('a module redeployed under an open page', () => {
  it("loads the module's new build once when a page's chunk is gone, and shows the page", async () => {
    load.mockResolvedValueOnce(build(chunkGone)).mockResolvedValueOnce(build(page('routine, new build')));
    openRoutine();
    expect(await screen.findByText('routine, new build')).toBeInTheDocument();
    expect(load.mock.calls).toEqual([
      ['dash', false],
      ['dash', true],
    ]);
    expect(screen.queryByTestId('module-error')).not.toBeInTheDocument();
  });

  it('shows the error panel, never a loop, when the new build fails too; its retry loads the module again', async () => {
    load
      .mockResolvedValueOnce(build(chunkGone))
      .mockResolvedValueOnce(build(chunkGone))
      .mockResolvedValueOnce(build(page('routine, after the retry')));
    openRoutine();
    expect(await screen.findByTestId('module-error')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('sidebar')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /retry/ }));
    expect(await screen.findByText('routine, after the retry')).toBeInTheDocument();
    expect(load.mock.calls[2]).toEqual(['dash', true]);
  });

  it('shows the error panel when the reload itself fails (the manifest is unreachable)', async () => {
    load
      .mockResolvedValueOnce(build(chunkGone))
      .mockRejectedValueOnce(new Error('RUNTIME-003 Failed to get manifest.'));
    openRoutine();
    expect(await screen.findByTestId('module-error')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('recovers again from a later redeploy once a page of the reloaded build has arrived', async () => {
    load
      .mockResolvedValueOnce(build(chunkGone))
      .mockResolvedValueOnce(build(page('routine, second build'), chunkGone))
      .mockResolvedValueOnce(build(page('routine, third build'), page('performance, third build')));
    openRoutine();
    expect(await screen.findByText('routine, second build')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'next screen' }));
    expect(await screen.findByText('performance, third build')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
    expect(screen.queryByTestId('module-error')).not.toBeInTheDocument();
  });

  it('does not reload a module whose page throws while rendering: the panel, whose retry renders again', async () => {
    let crash = true;
    const Crashing = () => {
      if (crash) throw new TypeError("Cannot read properties of undefined (reading 'map')");
      return <p>rendered</p>;
    };
    load.mockResolvedValueOnce(build(() => Promise.resolve({ default: Crashing })));
    openRoutine();
    expect(await screen.findByTestId('module-error')).toBeInTheDocument();
    crash = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /retry/ })));
    expect(await screen.findByText('rendered')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
