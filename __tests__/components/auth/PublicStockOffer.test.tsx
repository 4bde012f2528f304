// Issue 25: a signed-out visitor sent to the login page from /market/analysis?tickerID=… is offered
// that stock's public page; for any other return URL, or when the id has no public page, nothing.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PublicStockOffer, { analysisTickerId } from '@/components/auth/PublicStockOffer';
import { billingService } from '@/services/billingService';
import { LANGS, mockRouter, renderWithI18n, resetRouter } from './helpers';

jest.mock('next/router', () => ({ useRouter: () => jest.requireActual('./helpers').mockRouter }));
jest.mock('@/services/billingService', () => ({ billingService: { publicStockSymbol: jest.fn() } }));

const publicStockSymbol = billingService.publicStockSymbol as jest.MockedFunction<
  typeof billingService.publicStockSymbol
>;

beforeEach(() => {
  resetRouter();
  publicStockSymbol.mockReset();
});

describe('analysisTickerId', () => {
  it('reads the ticker id of an analysis return URL only', () => {
    expect(analysisTickerId('/market/analysis?tickerID=12&timeframe=2')).toBe(12);
    expect(analysisTickerId('/market/analysis?timeframe=3&tickerID=7')).toBe(7);
    expect(analysisTickerId('/market/tickers?tickerID=12')).toBeNull();
    expect(analysisTickerId('/market/analysis')).toBeNull();
    expect(analysisTickerId('/market/analysis?tickerID=0')).toBeNull();
    expect(analysisTickerId('/market/analysis?tickerID=abc')).toBeNull();
    expect(analysisTickerId('/market/analysis?tickerID=99999999999')).toBeNull();
    expect(analysisTickerId('https://evil.example/market/analysis?tickerID=12')).toBeNull();
    expect(analysisTickerId(undefined)).toBeNull();
    expect(analysisTickerId(['/market/analysis?tickerID=12'])).toBeNull();
  });
});

describe('PublicStockOffer', () => {
  it.each(LANGS)('offers the stock’s public page, reachable by keyboard (%s)', async (lang) => {
    mockRouter.query = { returnUrl: '/market/analysis?tickerID=42&timeframe=2' };
    publicStockSymbol.mockResolvedValue('EQNR');
    const { t } = renderWithI18n(<PublicStockOffer />, lang);
    const link = await screen.findByRole('link', { name: t('login.publicStockLink', { symbol: 'EQNR' }) });
    expect(publicStockSymbol).toHaveBeenCalledWith(42);
    expect(link).toHaveAttribute('href', '/public/stocks/EQNR');
    expect(screen.getByRole('complementary', { name: t('login.publicStockTitle') })).toHaveTextContent(
      t('login.publicStockText', { symbol: 'EQNR' }),
    );
    await userEvent.setup().tab();
    expect(link).toHaveFocus();
  });

  it('names the stock in the visible text (English)', async () => {
    mockRouter.query = { returnUrl: '/market/analysis?tickerID=42' };
    publicStockSymbol.mockResolvedValue('DNB');
    renderWithI18n(<PublicStockOffer />, 'en');
    expect(await screen.findByRole('link', { name: "See DNB's public page" })).toBeInTheDocument();
  });

  it('offers nothing for another return URL, and asks for nothing', () => {
    mockRouter.query = { returnUrl: '/portfolio' };
    const { container } = renderWithI18n(<PublicStockOffer />, 'nb');
    expect(publicStockSymbol).not.toHaveBeenCalled();
    expect(container).toBeEmptyDOMElement();
  });

  it('offers nothing when the id has no public page (an index, an unknown id)', async () => {
    mockRouter.query = { returnUrl: '/market/analysis?tickerID=9' };
    publicStockSymbol.mockRejectedValue(new Error('404'));
    const { container } = renderWithI18n(<PublicStockOffer />, 'nb');
    await waitFor(() => expect(publicStockSymbol).toHaveBeenCalledWith(9));
    await Promise.resolve();
    expect(container).toBeEmptyDOMElement();
  });
});
