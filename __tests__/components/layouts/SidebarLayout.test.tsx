import { act, screen } from '@testing-library/react';
import SidebarLayout from '@/layouts/SidebarLayout';
import { useAuthStore } from '@/stores/useAuthStore';
import { useSettingsStore } from '@/stores/useSettingsStore';
import {
  createMockRouter,
  installMatchMedia,
  renderWithShell,
  userWith,
  type MockRouter,
} from '../common/shellHelpers';

let mockRouter: MockRouter;
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));
jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));
jest.mock('@/services/userService', () => ({
  userService: { getCurrent: jest.fn(), create: jest.fn(), update: jest.fn() },
}));
// The bell's requests have their own tests (components/notifications); here nobody is unread.
jest.mock('@/services/notificationService', () => ({
  notificationService: {
    list: jest.fn(async () => ({ items: [], unread: 0 })),
    updateSettings: jest.fn(async () => ({ in_app: true, email: true, language: 'nb' })),
  },
}));

const Page = () => <p>Secret market data</p>;

function signIn(user = userWith()) {
  useAuthStore.setState({
    status: 'signedIn',
    identity: { uid: user.uid, email: user.email, phoneNumber: null, displayName: null, emailVerified: true },
    user,
    userStatus: 'ready',
  });
}

beforeEach(() => {
  mockRouter = createMockRouter();
  mockRouter.pathname = '/market/tickers';
  mockRouter.asPath = '/market/tickers?sort=rsi';
  useAuthStore.getState().reset();
  useSettingsStore.getState().reset();
  installMatchMedia();
});

describe.each(['nb', 'en'] as const)('SidebarLayout (%s)', (locale) => {
  it('shows a loader while the sign-in state is loading', () => {
    const { t } = renderWithShell(
      <SidebarLayout>
        <Page />
      </SidebarLayout>,
      locale,
    );
    expect(screen.getByRole('status')).toHaveTextContent(t('common:loading'));
    expect(screen.queryByText('Secret market data')).not.toBeInTheDocument();
    expect(mockRouter.replace).not.toHaveBeenCalled();
  });

  it('sends a signed-out visitor to the login page with a return URL', () => {
    useAuthStore.setState({ status: 'signedOut' });
    renderWithShell(
      <SidebarLayout>
        <Page />
      </SidebarLayout>,
      locale,
    );
    expect(mockRouter.replace).toHaveBeenCalledWith(
      '/authentication/login?returnUrl=%2Fmarket%2Ftickers%3Fsort%3Drsi',
    );
    expect(screen.queryByText('Secret market data')).not.toBeInTheDocument();
  });

  it('waits for the router before redirecting (the query is not known yet)', () => {
    mockRouter.isReady = false;
    useAuthStore.setState({ status: 'signedOut' });
    renderWithShell(
      <SidebarLayout>
        <Page />
      </SidebarLayout>,
      locale,
    );
    expect(mockRouter.replace).not.toHaveBeenCalled();
  });

  it('shows a loader while the backend user loads', () => {
    useAuthStore.setState({ status: 'signedIn', userStatus: 'loading' });
    renderWithShell(
      <SidebarLayout access="signedIn">
        <Page />
      </SidebarLayout>,
      locale,
    );
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('shows the page to an active subscriber, with the menu without Admin', () => {
    signIn();
    const { t } = renderWithShell(
      <SidebarLayout>
        <Page />
      </SidebarLayout>,
      locale,
    );
    expect(screen.getByText('Secret market data')).toBeInTheDocument();
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar).toHaveTextContent(t('nav:menu.market'));
    expect(sidebar).toHaveTextContent(t('nav:menu.signals'));
    expect(sidebar).not.toHaveTextContent(t('nav:menu.admin'));
  });

  it('shows "needs an active subscription" with a link to /products to a user without one', () => {
    signIn(userWith({ subscription_status: 'none' }));
    const { t } = renderWithShell(
      <SidebarLayout>
        <Page />
      </SidebarLayout>,
      locale,
    );
    expect(screen.queryByText('Secret market data')).not.toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: t('errors:gate.needsSubscription.title') }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('errors:gate.seeProducts') })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('shows "admins only" to a subscriber on an admin page, and the page to an admin', () => {
    signIn();
    const { t, unmount } = renderWithShell(
      <SidebarLayout access="admin">
        <Page />
      </SidebarLayout>,
      locale,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: t('errors:gate.adminOnly.title') }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('errors:gate.seeProducts') })).toHaveAttribute(
      'href',
      '/products',
    );
    unmount();
    signIn(userWith({ group_id: 1 }));
    renderWithShell(
      <SidebarLayout access="admin">
        <Page />
      </SidebarLayout>,
      locale,
    );
    expect(screen.getByText('Secret market data')).toBeInTheDocument();
    expect(screen.getByTestId('sidebar')).toHaveTextContent(t('nav:menu.admin'));
  });

  it('offers a retry when the account could not be loaded', async () => {
    useAuthStore.setState({
      status: 'signedIn',
      userStatus: 'error',
      identity: { uid: 'u', email: null, phoneNumber: null, displayName: null, emailVerified: true },
    });
    const fetchUser = jest.fn(async () => null);
    useAuthStore.setState({ fetchUser });
    const { t } = renderWithShell(
      <SidebarLayout>
        <Page />
      </SidebarLayout>,
      locale,
    );
    await act(async () => screen.getByRole('button', { name: t('errors:gate.retry') }).click());
    expect(fetchUser).toHaveBeenCalled();
  });
});
