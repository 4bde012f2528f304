import { act, renderHook } from '@testing-library/react';
import type { MouseEvent } from 'react';
import { useHoverDropdown } from '@/components/common/useHoverDropdown';

function mockMatchMedia(matches: boolean) {
  window.matchMedia = jest.fn().mockImplementation((query: string) => ({
    matches,
    media: query,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  }));
}

const leave = () => ({ currentTarget: document.createElement('div') }) as unknown as MouseEvent<HTMLElement>;

describe('useHoverDropdown', () => {
  it('opens on hover at lg and up, and a click on the toggle right after does not close it', () => {
    mockMatchMedia(true);
    const { result } = renderHook(() => useHoverDropdown());
    act(() => result.current.onMouseEnter());
    expect(result.current.show).toBe(true);
    act(() => result.current.onToggle(false, { source: 'click' }));
    expect(result.current.show).toBe(true);
    // A second click closes it.
    act(() => result.current.onToggle(false, { source: 'click' }));
    expect(result.current.show).toBe(false);
  });

  it('closes when the mouse leaves and nobody is typing inside', () => {
    mockMatchMedia(true);
    const { result } = renderHook(() => useHoverDropdown());
    act(() => result.current.onMouseEnter());
    act(() => result.current.onMouseLeave(leave()));
    expect(result.current.show).toBe(false);
  });

  it('ignores hover below lg and opens and closes by click', () => {
    mockMatchMedia(false);
    const { result } = renderHook(() => useHoverDropdown());
    act(() => result.current.onMouseEnter());
    expect(result.current.show).toBe(false);
    act(() => result.current.onToggle(true, { source: 'click' }));
    expect(result.current.show).toBe(true);
    act(() => result.current.onToggle(false, { source: 'click' }));
    expect(result.current.show).toBe(false);
  });
});
