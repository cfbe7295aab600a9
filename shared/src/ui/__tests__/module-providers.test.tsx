import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { ModuleProviders } from '../module-providers';

/** Reads what antd's components are given: their motion switch. */
function Motion() {
  const { token } = theme.useToken();
  return <p>{token.motion ? 'motion on' : 'motion off'}</p>;
}

let restoreMatchMedia: (() => void) | undefined;

/** A `matchMedia` whose reduced-motion answer the test sets and changes. */
function fakeMotionSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const original = window.matchMedia;
  const query = {
    get matches() {
      return reduce;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  restoreMatchMedia = () => (window.matchMedia = original);
  window.matchMedia = ((media: string) =>
    media === '(prefers-reduced-motion: reduce)' ? query : original(media)) as typeof window.matchMedia;
  return {
    change(next: boolean) {
      reduce = next;
      for (const listener of listeners) listener();
    },
  };
}

/** Renders the providers under the given setting, and what antd's components are given. */
function renderUnder(reduce: boolean) {
  const setting = fakeMotionSetting(reduce);
  render(
    <ModuleProviders>
      <Motion />
    </ModuleProviders>,
  );
  return setting;
}

afterEach(() => restoreMatchMedia?.());

describe("the modules' providers", () => {
  it("turn antd's motion off when the system asks for reduced motion, and on again when it no longer does", () => {
    const setting = renderUnder(true);
    expect(screen.getByText('motion off')).toBeInTheDocument();
    act(() => setting.change(false));
    expect(screen.getByText('motion on')).toBeInTheDocument();
  });

  it('keep the motion where nothing asks otherwise', () => {
    renderUnder(false);
    expect(screen.getByText('motion on')).toBeInTheDocument();
  });
});
