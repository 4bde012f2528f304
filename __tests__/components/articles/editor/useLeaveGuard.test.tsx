import { act, renderHook } from '@testing-library/react';
import { useLeaveGuard } from '@/components/articles/admin/editor/useLeaveGuard';
import { createMockRouter } from '../../common/shellHelpers';

const mockRouter = createMockRouter();
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

const leave = () => act(() => mockRouter.events.emit('routeChangeStart', '/market/tickers'));

describe('useLeaveGuard', () => {
  let confirm: jest.SpyInstance;
  beforeEach(() => {
    confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
  });
  afterEach(() => confirm.mockRestore());

  it('lets a clean page go without asking', () => {
    renderHook(() => useLeaveGuard(false, 'Forlate?'));
    expect(leave).not.toThrow();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks with the message when dirty, stops the route change on Cancel and lets it go on OK', () => {
    renderHook(() => useLeaveGuard(true, 'Forlate?'));
    expect(leave).toThrow();
    expect(confirm).toHaveBeenCalledWith('Forlate?');
    confirm.mockReturnValue(true);
    expect(leave).not.toThrow();
  });

  it('asks the browser on tab close only while dirty', () => {
    const { rerender } = renderHook(({ dirty }) => useLeaveGuard(dirty, 'Forlate?'), {
      initialProps: { dirty: true },
    });
    const dirtyClose = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirtyClose);
    expect(dirtyClose.defaultPrevented).toBe(true);
    rerender({ dirty: false });
    const cleanClose = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(cleanClose);
    expect(cleanClose.defaultPrevented).toBe(false);
  });

  it('release() lets the next navigation through at once, and unmounting removes the handlers', () => {
    const { result, unmount } = renderHook(() => useLeaveGuard(true, 'Forlate?'));
    result.current.release();
    expect(leave).not.toThrow();
    expect(confirm).not.toHaveBeenCalled();
    unmount();
    expect(mockRouter.events.off).toHaveBeenCalledWith('routeChangeStart', expect.any(Function));
  });
});
