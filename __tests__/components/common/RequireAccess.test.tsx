import { screen } from '@testing-library/react';
import RequireAccess from '@/components/common/RequireAccess';
import { useAuthStore } from '@/stores/useAuthStore';
import { renderWithShell, userWith } from './shellHelpers';

jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));
jest.mock('@/services/userService', () => ({ userService: { getCurrent: jest.fn() } }));

const signIn = (overrides: Parameters<typeof userWith>[0]) =>
  useAuthStore.setState({ status: 'signedIn', userStatus: 'ready', user: userWith(overrides) });

describe('RequireAccess', () => {
  it('shows subscriber-only content to a subscriber', () => {
    signIn({ subscription_status: 'active' });
    renderWithShell(
      <RequireAccess access="subscription">
        <p>Dashboard</p>
      </RequireAccess>,
    );
    expect(screen.getByText('Dashboard')).toBeInTheDocument();
  });

  it('does not mount it for a user without a subscription (nothing is fetched) and says why', () => {
    signIn({ subscription_status: 'none' });
    const mounted = jest.fn();
    function Dashboard() {
      mounted();
      return <p>Dashboard</p>;
    }
    const { t } = renderWithShell(
      <RequireAccess access="subscription">
        <Dashboard />
      </RequireAccess>,
      'en',
    );
    expect(mounted).not.toHaveBeenCalled();
    expect(
      screen.getByRole('heading', { level: 2, name: t('errors:gate.needsSubscription.title') }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('errors:gate.seeProducts') })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('says "admins only" to a subscriber outside the admin group', () => {
    signIn({ subscription_status: 'active', group_id: 2 });
    const { t } = renderWithShell(
      <RequireAccess access="admin">
        <p>Admin tools</p>
      </RequireAccess>,
      'nb',
    );
    expect(screen.getByRole('heading', { name: t('errors:gate.adminOnly.title') })).toBeInTheDocument();
  });
});
