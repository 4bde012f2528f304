import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { SaleTaxPreview } from '@/components/portfolio/SaleTaxPreview';
import type { SaleSimulationDto } from '@/lib/types/personTax';
import { LANGS, renderPage, signIn } from './helpers';

jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));

const result: SaleSimulationDto = {
  lots: [
    { portfolio_id: 1, date: '2024-01-10', quantity: 100, cost: 25039 },
    { portfolio_id: 2, date: '2024-03-15', quantity: 20, cost: 6015.6 },
  ],
  proceeds: 38400,
  cost: 31054.6,
  gain: 7345.4,
  shielding_used: 1211.13,
  taxable: 6134.27,
  estimated_tax: 2321.21,
  ask: null,
};
const server = setupServer();
const asked: URLSearchParams[] = [];
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => signIn());
afterEach(() => {
  server.resetHandlers();
  asked.length = 0;
});
afterAll(() => server.close());

const names = (id: number) => (id === 1 ? 'Langsiktig' : 'Sparing');
const props = {
  portfolioId: 2,
  tickerId: 1,
  quantity: '120',
  price: '320',
  date: '2025-09-20',
  portfolioName: names,
};

describe.each(LANGS)('SaleTaxPreview (%s)', (lang) => {
  it('shows the lots FIFO takes, the gain, the shielding and the estimated tax', async () => {
    server.use(
      http.get('*/api/v1/tax/simulate', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json(result);
      }),
    );
    const { t } = renderPage(<SaleTaxPreview {...props} />, lang);
    expect(await screen.findByText(t('saleTax:estimatedTax'))).toBeInTheDocument();
    expect(screen.getByText(/Langsiktig/)).toBeInTheDocument();
    expect(screen.getByText(/Sparing/)).toBeInTheDocument();
    expect(asked[0].get('portfolioId')).toBe('2');
    expect(asked[0].get('quantity')).toBe('120');
  });

  it('says when more is sold than is held', async () => {
    server.use(
      http.get('*/api/v1/tax/simulate', () =>
        HttpResponse.json({ error: { code: 'INSUFFICIENT_HOLDING', message: 'x' } }, { status: 409 }),
      ),
    );
    const { t } = renderPage(<SaleTaxPreview {...props} />, lang);
    expect(await screen.findByText(t('saleTax:errorOversell'))).toBeInTheDocument();
  });

  it('asks nothing until the quantity is a number', () => {
    renderPage(<SaleTaxPreview {...props} quantity="" />, lang);
    expect(screen.queryByText(/./)).toBeNull();
  });
});
