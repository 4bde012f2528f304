// The subscription gate (issue 24 item 6): a signed-in user without a subscription is told what the
// free account gets instead — the public stock pages as a read-only sample — and why, with a link.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import GatePanel from '@/components/common/GatePanel';
import { renderWithShell } from './shellHelpers';

describe('GatePanel', () => {
  it.each(['nb', 'en'] as const)('offers the public stock pages to a free account (%s)', (locale) => {
    const { t } = renderWithShell(<GatePanel reason="needsSubscription" />, locale);
    expect(
      screen.getByRole('heading', { level: 1, name: t('errors:gate.needsSubscription.title') }),
    ).toBeInTheDocument();
    const free = screen.getByRole('region', { name: t('errors:gate.needsSubscription.freeTitle') });
    expect(within(free).getByRole('heading', { level: 2 })).toHaveTextContent(
      t('errors:gate.needsSubscription.freeTitle'),
    );
    expect(within(free).getByText(t('errors:gate.needsSubscription.freeText'))).toBeInTheDocument();
    expect(
      within(free).getByRole('link', { name: t('errors:gate.needsSubscription.freeLink') }),
    ).toHaveAttribute('href', '/public/stocks');
    // The subscription's own way on stays first.
    expect(screen.getByRole('link', { name: t('errors:gate.seeProducts') })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('says it in words a reader sees (not keys), in English', () => {
    renderWithShell(<GatePanel reason="needsSubscription" />, 'en');
    expect(
      screen.getByRole('heading', { name: 'Your free account: the public stock pages' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the public stock pages' })).toBeInTheDocument();
  });

  it('nests the free part one level below an inline gate’s h2', () => {
    const { t } = renderWithShell(<GatePanel reason="needsSubscription" inline />, 'nb');
    expect(
      screen.getByRole('heading', { level: 2, name: t('errors:gate.needsSubscription.title') }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 3, name: t('errors:gate.needsSubscription.freeTitle') }),
    ).toBeInTheDocument();
  });

  it('reaches the links with the keyboard: products, the public pages', async () => {
    const user = userEvent.setup();
    const { t } = renderWithShell(<GatePanel reason="needsSubscription" inline />, 'en');
    await user.tab();
    expect(screen.getByRole('link', { name: t('errors:gate.seeProducts') })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: t('errors:gate.needsSubscription.freeLink') })).toHaveFocus();
  });

  it.each(['adminOnly', 'userError'] as const)('does not offer the free pages for %s', (reason) => {
    const { t } = renderWithShell(<GatePanel reason={reason} onRetry={() => {}} />, 'en');
    expect(screen.queryByText(t('errors:gate.needsSubscription.freeTitle'))).not.toBeInTheDocument();
    expect(
      screen.queryByRole('link', { name: t('errors:gate.needsSubscription.freeLink') }),
    ).not.toBeInTheDocument();
  });
});
