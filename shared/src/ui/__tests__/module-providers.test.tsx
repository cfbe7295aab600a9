import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { ModuleProviders } from '../module-providers';

/** Reads what antd's components are given: their motion switch. */
function Motion() {
  const { token } = theme.useToken();
  return <p>{token.motion ? 'motion on' : 'motion off'}</p>;
}

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
  window.matchMedia = ((media: string) =>
    media === '(prefers-reduced-motion: reduce)' ? query : original(media)) as typeof window.matchMedia;
  return {
    change(next: boolean) {
      reduce = next;
      for (const listener of listeners) listener();
    },
    restore: () => (window.matchMedia = original),
  };
}

describe("the modules' providers", () => {
  it("turn antd's motion off when the system asks for reduced motion, and on again when it no longer does", () => {
    const setting = fakeMotionSetting(true);
    try {
      render(
        <ModuleProviders>
          <Motion />
        </ModuleProviders>,
      );
      expect(screen.getByText('motion off')).toBeInTheDocument();
      act(() => setting.change(false));
      expect(screen.getByText('motion on')).toBeInTheDocument();
    } finally {
      setting.restore();
    }
  });

  it('keep the motion where nothing asks otherwise', () => {
    const setting = fakeMotionSetting(false);
    try {
      render(
        <ModuleProviders>
          <Motion />
        </ModuleProviders>,
      );
      expect(screen.getByText('motion on')).toBeInTheDocument();
    } finally {
      setting.restore();
    }
  });
});
