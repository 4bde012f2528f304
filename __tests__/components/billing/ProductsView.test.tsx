import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import ProductsView from '@/components/billing/ProductsView';
import PublicProductsView from '@/components/billing/PublicProductsView';
import { goTo } from '@/components/billing/navigate';
import type { PlansResponse, SubscriptionDto } from '@/lib/types/billing';
import { useAuthStore } from '@/stores/useAuthStore';
import { useBillingStore } from '@/stores/useBillingStore';
import { createMockRouter, renderWithShell, userWith, type MockRouter } from '../common/shellHelpers';

let mockRouter: MockRouter;
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));
jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));
jest.mock('@/components/billing/navigate', () => ({ goTo: jest.fn() }));

type Lang = 'nb' | 'en';
const LANGS: Lang[] = ['nb', 'en'];

/** 149 kr a month, 1 490 kr a year: 12 × 149 = 1 788, saving 298 (16.7 % → 17), 1 490 / 12 = 124.17. */
const PLANS: PlansResponse = {
  provider: 'demo',
  currency: 'NOK',
  vat_included: true,
  plans: [
    { id: 'monthly', interval: 'month', amount: 149, monthly_amount: 149 },
    { id: 'yearly', interval: 'year', amount: 1490, monthly_amount: 124.17 },
  ],
  yearly_saving: 298,
  yearly_saving_pct: 17,
};

const ACTIVE_SUB: SubscriptionDto = {
  plan: 'yearly',
  status: 'active',
  current_period_end: '2027-03-15T12:00:00.000Z',
  cancel_at_period_end: false,
  stripe_subscription_id: 'sub_demo_1',
};

const state = {
  user: userWith({ subscription_status: 'inactive' }),
  subscription: null as SubscriptionDto | null,
};
const checkoutBodies: unknown[] = [];

const server = setupServer(
  http.get('*/api/v1/billing/plans', () => HttpResponse.json(PLANS)),
  http.get('*/api/v1/billing/subscription', () => HttpResponse.json({ subscription: state.subscription })),
  http.get('*/api/v1/user/getCurrent/:uid', () => HttpResponse.json(state.user)),
  http.post('*/api/v1/billing/checkout', async ({ request }) => {
    checkoutBodies.push(await request.json());
    return HttpResponse.json({ url: 'http://localhost/products/checkout?session_id=cs_demo_abcdefgh12' });
  }),
  http.post('*/api/v1/billing/portal', () => HttpResponse.json({ url: 'http://localhost/products/portal' })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  mockRouter = createMockRouter();
  mockRouter.pathname = '/products';
  mockRouter.asPath = '/products';
  state.user = userWith({ subscription_status: 'inactive' });
  state.subscription = null;
  checkoutBodies.length = 0;
  useBillingStore.setState({
    plans: { data: null, status: 'idle', loading: false, error: null },
    subscription: { data: null, status: 'idle', loading: false, error: null },
  });
  useAuthStore.setState({
    status: 'signedIn',
    identity: {
      uid: 'uid-1',
      email: 'kari@trendvakt.test',
      phoneNumber: null,
      displayName: null,
      emailVerified: true,
    },
    user: state.user,
    userStatus: 'ready',
  });
  jest.mocked(goTo).mockClear();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe.each(LANGS)('the products page (%s)', (lang) => {
  beforeEach(() => {
    mockRouter.locale = lang;
  });

  it('shows both plans side by side with the monthly price, the yearly saving, VAT and the FAQ', async () => {
    const { t } = renderWithShell(<ProductsView />, lang);
    const monthly = await screen.findByRole('article', { name: t('billing:plans.monthly.name') });
    const yearly = screen.getByRole('article', { name: t('billing:plans.yearly.name') });
    // Expected strings written out by hand for each locale.
    if (lang === 'nb') {
      expect(plain(monthly.textContent)).toContain('149 kr per måned');
      expect(plain(monthly.textContent)).toContain('149 kr belastes hver måned');
      expect(plain(yearly.textContent)).toContain('124,17 kr per måned');
      expect(plain(yearly.textContent)).toContain('1 490 kr belastes én gang i året');
      expect(plain(yearly.textContent)).toContain('Spar 298 kr i året (17 %)');
      expect(
        screen.getByText('Prisene er i norske kroner og inkluderer 25 % merverdiavgift.'),
      ).toBeInTheDocument();
      expect(
        screen.getByText('Hva skjer med porteføljene mine når abonnementet slutter?'),
      ).toBeInTheDocument();
      expect(screen.getByText(/De blir tatt vare på/)).toBeInTheDocument();
    } else {
      expect(plain(monthly.textContent)).toContain('NOK 149 per month');
      expect(plain(yearly.textContent)).toContain('NOK 124.17 per month');
      expect(plain(yearly.textContent)).toContain('NOK 1,490 charged once a year');
      expect(plain(yearly.textContent)).toContain('Save NOK 298 a year (17%)');
      expect(screen.getByText('Prices are in Norwegian kroner and include 25% VAT.')).toBeInTheDocument();
      expect(
        screen.getByText('What happens to my portfolios when the subscription ends?'),
      ).toBeInTheDocument();
      expect(screen.getByText(/They are kept/)).toBeInTheDocument();
    }
    expect(screen.getByRole('note')).toHaveTextContent(t('billing:plans.demoProvider'));
  });

  it('starts checkout for the chosen plan and goes to the checkout URL', async () => {
    const { t } = renderWithShell(<ProductsView />, lang);
    await userEvent.click(await screen.findByRole('button', { name: t('billing:plans.subscribe.monthly') }));
    await waitFor(() =>
      expect(goTo).toHaveBeenCalledWith('http://localhost/products/checkout?session_id=cs_demo_abcdefgh12'),
    );
    expect(checkoutBodies).toEqual([{ plan: 'monthly', locale: lang }]);
  });

  it('back from a paid checkout: confirms, refetches the user and unlocks without signing out', async () => {
    mockRouter.query = { checkout: 'success', session_id: 'cs_demo_abcdefgh12' };
    state.user = userWith({ subscription_status: 'active' });
    state.subscription = ACTIVE_SUB;
    const { t } = renderWithShell(<ProductsView />, lang);
    expect(await screen.findByText(t('billing:checkout.success'))).toBeInTheDocument();
    expect(useAuthStore.getState().user?.subscription_status).toBe('active');
    expect(mockRouter.replace).toHaveBeenCalledWith('/products', undefined, { shallow: true });
    // Issue 39 item 7: a new subscriber goes on to Home and its first steps.
    await waitFor(() =>
      expect(mockRouter.push).toHaveBeenCalledWith({ pathname: '/home', query: { welcome: 'subscribed' } }),
    );
    const panel = await screen.findByRole('region', { name: t('billing:status.title') });
    expect(within(panel).getByText(t('billing:plans.yearly.name'))).toBeInTheDocument();
    expect(plain(panel.textContent)).toContain(lang === 'nb' ? '15. mars 2027' : 'March 15, 2027');
    expect(
      screen.queryByRole('button', { name: t('billing:plans.subscribe.monthly') }),
    ).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: t('billing:status.manage') }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('http://localhost/products/portal'));
  });

  it('says clearly that a declined payment left the subscription inactive', async () => {
    mockRouter.query = { checkout: 'declined' };
    const { t } = renderWithShell(<ProductsView />, lang);
    expect(await screen.findByText(t('billing:checkout.declined'))).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: t('billing:plans.subscribe.yearly') })).toBeEnabled();
  });

  it('offers visitors an account instead of a checkout on /public/products', async () => {
    useAuthStore.setState({ status: 'signedOut', identity: null, user: null, userStatus: 'idle' });
    const { t } = renderWithShell(<PublicProductsView />, lang);
    const links = await screen.findAllByRole('link', { name: t('billing:plans.register') });
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', '/authentication/register');
  });
});
