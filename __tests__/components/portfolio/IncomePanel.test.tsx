import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import IncomePanel from '@/components/portfolio/income/IncomePanel';
import type { PortfolioIncomeDto } from '@/lib/types/income';
import { useAuthStore } from '@/stores/useAuthStore';
import { useIncomeStore } from '@/stores/useIncomeStore';
import { LANGS, renderPage, signIn } from './helpers';

jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));
// jsdom has no canvas: the bar chart as its data in text.
jest.mock('@/components/portfolio/income/IncomeBars', () => ({
  __esModule: true,
  default: (p: { ariaLabel: string }) => <div role="img" aria-label={p.ariaLabel} />,
}));

const TODAY = '2026-06-15';
const income = (): PortfolioIncomeDto => ({
  received: Array.from({ length: 12 }, (_, i) => ({
    month: `${i < 6 ? 2025 : 2026}-${String(((i + 6) % 12) + 1).padStart(2, '0')}`,
    amount_nok: 0,
  })),
  expected: [
    {
      ticker_id: 3,
      symbol: 'AAPL',
      ex_date: '2026-05-10',
      pay_date: '2026-05-25',
      per_share: 0.25,
      quantity: 4,
      amount: 1,
      currency: 'USD',
      amount_nok: 11,
      status: 'announced',
    },
    {
      ticker_id: 3,
      symbol: 'AAPL',
      ex_date: '2026-08-10',
      pay_date: '2026-08-25',
      per_share: 0.25,
      quantity: 4,
      amount: 1,
      currency: 'USD',
      amount_nok: 11,
      status: 'estimated',
    },
  ],
  totals: { trailing_12m_nok: 0, next_12m_nok: 11, yield_on_cost: 0, yield_on_value: 0 },
});

const booked: unknown[] = [];
const savedSettings: unknown[] = [];
const SETTINGS = { holding_limit: 0.2, sector_limit: 0.4, currency_limit: 0.8, ex_date_alerts: false };
const server = setupServer(
  http.get('*/api/v1/income/settings', () => HttpResponse.json(SETTINGS)),
  http.put('*/api/v1/income/settings', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    savedSettings.push(body);
    return HttpResponse.json({ ...SETTINGS, ...body });
  }),
  http.get('*/api/v1/portfolio-income/1', () => HttpResponse.json(income())),
  http.get('*/api/v1/income/source', () => HttpResponse.json({ demo: true })),
  http.post('*/api/v1/portfolio-income/1/book', async ({ request }) => {
    booked.push(await request.json());
    return HttpResponse.json({ portfolio_transaction_id: 99 }, { status: 201 });
  }),
  http.get('*/api/v1/portfolio-results/1', () => HttpResponse.json({ rows: [], totals: null })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  useIncomeStore.getState().reset();
  useAuthStore.getState().reset();
  booked.length = 0;
  savedSettings.length = 0;
  signIn();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe.each(LANGS)('IncomePanel (%s)', (lang) => {
  it('shows the empty received state, the demo label, the calendar, and books a passed dividend at the US treaty rate', async () => {
    const { t } = renderPage(<IncomePanel portfolioId={1} rows={[]} today={TODAY} />, lang);
    const calendar = await screen.findByTestId('income-calendar');
    expect(screen.getByText(t('income:emptyReceived'))).toBeInTheDocument();
    expect(await screen.findByText(t('income:demoNote'))).toBeInTheDocument();
    const rows = within(calendar).getAllByRole('row');
    // Header, the passed unbooked one (bookable), the estimated one (not bookable).
    expect(rows).toHaveLength(3);
    expect(within(rows[1]).getByText(t('income:status.unbooked'))).toBeInTheDocument();
    expect(within(rows[2]).getByText(t('income:status.estimated'))).toBeInTheDocument();
    expect(within(rows[2]).queryByRole('button')).toBeNull();

    await userEvent.click(within(rows[1]).getByRole('button'));
    const rate = await screen.findByLabelText(t('income:book.withholding'));
    expect(rate).toHaveValue('15');
    // The dialog is named by its title (a screen reader announces it; the journey finds it so).
    const symbol = within(rows[1]).getByRole('rowheader').textContent ?? '';
    expect(screen.getByRole('dialog', { name: t('income:book.title', { symbol }) })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: t('income:book.confirm') }));
    await waitFor(() =>
      expect(booked).toEqual([{ ticker_id: 3, ex_date: '2026-05-10', withholding_rate: 0.15 }]),
    );
  });

  it('refuses a withholding rate above 100 next to the field', async () => {
    const { t } = renderPage(<IncomePanel portfolioId={1} rows={[]} today={TODAY} />, lang);
    const calendar = await screen.findByTestId('income-calendar');
    await userEvent.click(within(within(calendar).getAllByRole('row')[1]).getByRole('button'));
    const rate = await screen.findByLabelText(t('income:book.withholding'));
    await userEvent.clear(rate);
    await userEvent.type(rate, '150');
    expect(screen.getByText(t('income:book.invalidRate'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('income:book.confirm') })).toBeDisabled();
  });

  it('turns the ex-date notification on from the keyboard (issue 41)', async () => {
    const { t } = renderPage(<IncomePanel portfolioId={1} rows={[]} today={TODAY} />, lang);
    const toggle = await screen.findByRole('switch', { name: t('income:exDateAlerts.label') });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(t('income:exDateAlerts.help'));
    toggle.focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(savedSettings).toEqual([{ ex_date_alerts: true }]));
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('scrolls its tables in named regions and labels each figure for the phone cards', async () => {
    const { t } = renderPage(<IncomePanel portfolioId={1} rows={[]} today={TODAY} />, lang);
    const calendar = await screen.findByTestId('income-calendar');
    // A region the keyboard can scroll, named after the table (TableScroll, the a11y gate's rule).
    const region = screen.getByRole('region', { name: t('income:calendar.title') });
    expect(region).toContainElement(calendar);
    expect(region).toHaveAttribute('tabindex', '0');
    expect(calendar).toHaveClass('tv-phone-cards');
    // Below sm each row is a card: every figure carries its column's name (styles/_a11y.scss).
    const cells = within(within(calendar).getAllByRole('row')[1]).getAllByRole('cell');
    expect(cells.slice(0, 4).map((c) => c.getAttribute('data-label'))).toEqual([
      t('income:calendar.exDate'),
      t('income:calendar.payDate'),
      t('income:calendar.amount'),
      t('income:calendar.amountNok'),
    ]);
    expect(screen.getByRole('region', { name: t('income:chart.tableCaption') })).toBeInTheDocument();
  });
});
