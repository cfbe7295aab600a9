import { act } from '@testing-library/react';
import { drawAhead } from '../mount';

describe('controls drawn ahead (app/login-start.tsx)', () => {
  it('are drawn in a hidden root and out of the accessibility tree, and removed on demand', () => {
    let remove = () => undefined as unknown;
    act(() => {
      remove = drawAhead(() => <button type="button">ahead</button>);
    });
    const holder = [...document.body.children].find((element) => element.textContent === 'ahead');
    expect(holder).toHaveAttribute('hidden');
    expect(holder).toHaveAttribute('aria-hidden', 'true');
    act(() => void remove());
    expect(document.body.textContent).not.toContain('ahead');
  });
});
