import { fireEvent, waitFor, within } from '@testing-library/react';

/** Picks `option` in the antd select labelled `label` (inside `container`), as a click does: mouse down, then the item. */
export async function choose(label: string, option: string, container: HTMLElement = document.body): Promise<void> {
  fireEvent.mouseDown(within(container).getByLabelText(label));
  const item = await waitFor(() => {
    const found = Array.from(document.querySelectorAll('.ant-select-item-option')).find(
      (element) => element.textContent === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}
