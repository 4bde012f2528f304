import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useDialogFocusWrap } from '@/components/common/useDialogFocusWrap';

// jsdom has no layout: give every element a client rect so the hook counts it as shown.
beforeAll(() => {
  jest
    .spyOn(HTMLElement.prototype, 'getClientRects')
    .mockImplementation(() => [new DOMRect(0, 0, 10, 10)] as unknown as DOMRectList);
});
afterAll(() => jest.restoreAllMocks());

function Page({ open }: { open: boolean }) {
  useDialogFocusWrap();
  return (
    <>
      <button type="button">behind</button>
      {open && (
        <div className="modal show" role="dialog" aria-label="Dialog" tabIndex={-1}>
          <button type="button">close</button>
          <input aria-label="name" />
          <button type="button" disabled>
            disabled
          </button>
          <button type="submit">save</button>
        </div>
      )}
      <button type="button">after</button>
    </>
  );
}

describe('useDialogFocusWrap', () => {
  it('keeps Tab and Shift+Tab inside the open dialog, going round', async () => {
    const user = userEvent.setup();
    render(<Page open />);
    screen.getByRole('button', { name: 'save' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'save' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('textbox', { name: 'name' })).toHaveFocus();
  });

  it('brings the focus into the dialog from outside it', async () => {
    const user = userEvent.setup();
    render(<Page open />);
    screen.getByRole('button', { name: 'behind' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'close' })).toHaveFocus();
  });

  it('leaves Tab alone without an open dialog', async () => {
    const user = userEvent.setup();
    render(<Page open={false} />);
    screen.getByRole('button', { name: 'behind' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'after' })).toHaveFocus();
  });
});
