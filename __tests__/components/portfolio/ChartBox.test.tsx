import { act, render, screen } from '@testing-library/react';
import ChartBox from '@/components/portfolio/ChartBox';

/** A stand-in IntersectionObserver the test drives: `enter()` reports every observed element in view. */
class FakeObserver {
  static all: FakeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  enter(isIntersecting = true) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

describe('ChartBox', () => {
  afterEach(() => {
    delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
    FakeObserver.all = [];
  });

  it('mounts its chart only once the box comes near the viewport, and keeps it', () => {
    (window as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
    const { container } = render(
      <ChartBox testId="chart">
        <p>the chart</p>
      </ChartBox>,
    );
    expect(screen.queryByText('the chart')).toBeNull();
    expect(container.querySelector('.placeholder')).not.toBeNull();
    const [observer] = FakeObserver.all;
    expect(observer.observed).toEqual([screen.getByTestId('chart')]);
    expect(observer.options?.rootMargin).toBe('100px');
    act(() => observer.enter(false));
    expect(screen.queryByText('the chart')).toBeNull();
    act(() => observer.enter(true));
    expect(screen.getByText('the chart')).toBeTruthy();
    expect(observer.disconnected).toBe(true);
    expect(container.querySelector('.placeholder')).toBeNull();
  });

  it('mounts its chart at once where there is no IntersectionObserver', () => {
    render(
      <ChartBox>
        <p>the chart</p>
      </ChartBox>,
    );
    expect(screen.getByText('the chart')).toBeTruthy();
  });

  it('keeps its height whatever it shows', () => {
    render(<ChartBox height={240} testId="empty" />);
    expect(screen.getByTestId('empty').style.height).toBe('240px');
  });
});
