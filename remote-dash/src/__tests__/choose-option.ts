import { fireEvent, screen, waitFor } from '@testing-library/react';

/** Picks `option` in the antd select labelled `label`, as a click does (jsdom: mouse down, then the item). */
export async function choose(label: string, option: string): Promise<void> {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const item = await waitFor(() => {
    const found = Array.from(document.querySelectorAll('.ant-select-item-option')).find(
      (element) => element.textContent === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}
