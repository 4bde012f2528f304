import { render, screen } from '@testing-library/react';
import LoadAnnouncer from '@/components/common/LoadAnnouncer';

describe('LoadAnnouncer', () => {
  it('is a polite live region from the start and says when a load has finished', () => {
    const { rerender } = render(<LoadAnnouncer status="idle" loaded="Holdings loaded: 2 stocks." />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    rerender(<LoadAnnouncer status="loading" loaded="Holdings loaded: 0 stocks." />);
    expect(region).toBeEmptyDOMElement();
    rerender(<LoadAnnouncer status="ready" loaded="Holdings loaded: 2 stocks." />);
    // The same element (a live region must exist before its text changes), now with the message.
    expect(screen.getByRole('status')).toBe(region);
    expect(region).toHaveTextContent('Holdings loaded: 2 stocks.');
  });

  it('says nothing for a failed load (the error box is an alert of its own)', () => {
    const { rerender } = render(<LoadAnnouncer status="loading" loaded="Holdings loaded: 0 stocks." />);
    rerender(<LoadAnnouncer status="error" loaded="Holdings loaded: 0 stocks." />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
