import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PriceAlertForm from '@/components/market/PriceAlertForm';
import type { PriceAlertDto } from '@/lib/types/priceAlerts';
import { usePriceAlertStore } from '@/stores/usePriceAlertStore';
import type { MockRouter } from '../common/shellHelpers';
import { tickerDetail } from './marketFixtures';
import { marketRouter, renderMarket } from './renderMarket';

let mockRouter: MockRouter;
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));
jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));

const realCreate = usePriceAlertStore.getState().create;
let create: jest.Mock;
beforeEach(() => {
  mockRouter = marketRouter('/market/analysis', { tickerID: '1', timeframe: '2' });
  create = jest.fn(() => Promise.resolve());
  // The user's alerts are known (none): the form does not ask the server for them.
  usePriceAlertStore.setState({ create: create as unknown as typeof realCreate, items: [], status: 'ready' });
});
afterAll(() => usePriceAlertStore.setState({ create: realCreate }));

describe('PriceAlertForm', () => {
  // The fixture: EQNR, supports [112.5], resistances [130, 140], sell below 104.37; its last close
  // is the last bar's.
  it('sets an alert from a clicked level: the validation schema loads on submit and the form clears', async () => {
    const detail = tickerDetail();
    renderMarket(<PriceAlertForm detail={detail} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Motstand 130,00/ }));
    // The fixture's last close is below 130, so "over" is picked; the level shows with up to 2 decimals.
    expect(screen.getByLabelText('Når sluttkursen er')).toHaveValue('above');
    expect(screen.getByLabelText('Kurs (NOK)')).toHaveValue('130');
    await user.type(screen.getByLabelText('Notat (valgfritt)'), 'Brudd');
    await user.click(screen.getByRole('button', { name: 'Sett varsel' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create).toHaveBeenCalledWith({ ticker_id: 1, direction: 'above', price: 130, note: 'Brudd' });
    await waitFor(() => expect(screen.getByLabelText('Kurs (NOK)')).toHaveValue(''));
  });

  it('refuses a price of 0 next to the field, without a request', async () => {
    renderMarket(<PriceAlertForm detail={tickerDetail()} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Kurs (NOK)'), '0');
    await user.click(screen.getByRole('button', { name: 'Sett varsel' }));
    expect(await screen.findByText('Skriv en kurs større enn 0.')).toBeInTheDocument();
    expect(screen.getByLabelText('Kurs (NOK)')).toHaveAttribute('aria-invalid', 'true');
    expect(create).not.toHaveBeenCalled();
  });

  it('says so when the limit of 100 alerts is reached', async () => {
    create.mockRejectedValueOnce(Object.assign(new Error('limit'), { code: 'PRICE_ALERT_LIMIT' }));
    renderMarket(<PriceAlertForm detail={tickerDetail()} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Kurs (NOK)'), '120,5');
    await user.click(screen.getByRole('button', { name: 'Sett varsel' }));
    expect(
      await screen.findByText('Du har allerede 100 prisvarsler. Slett et før du setter et nytt.'),
    ).toBeInTheDocument();
    expect(create).toHaveBeenCalledWith({ ticker_id: 1, direction: 'above', price: 120.5, note: null });
  });

  describe('the share’s armed alerts (issue 39 item 7)', () => {
    const alert = (over: Partial<PriceAlertDto>): PriceAlertDto => ({
      id: 1,
      ticker_id: 1,
      symbol: 'EQNR',
      long_name: 'Equinor ASA',
      country_id: 160,
      currency: 'NOK',
      direction: 'above',
      price: 130,
      note: null,
      created_at: '2026-11-27T10:00:00.000Z',
      triggered_at: null,
      triggered_session: null,
      triggered_close: null,
      ...over,
    });

    it('lists this share’s armed alerts only, each removable, with a link to all alerts', async () => {
      const realRemove = usePriceAlertStore.getState().remove;
      const remove = jest.fn(() => Promise.resolve());
      usePriceAlertStore.setState({
        remove: remove as unknown as typeof realRemove,
        items: [
          alert({ id: 1, direction: 'above', price: 130, note: 'Brudd' }),
          alert({ id: 2, direction: 'below', price: 104.37 }),
          alert({ id: 3, ticker_id: 2, symbol: 'NHY' }), // another share
          alert({ id: 4, triggered_at: '2026-11-20T17:00:00.000Z', triggered_session: '2026-11-20' }), // fired
        ],
      });
      renderMarket(<PriceAlertForm detail={tickerDetail()} />);
      const list = screen.getByTestId('ticker-price-alerts');
      expect(within(list).getByRole('heading', { name: '2 aktive varsler for EQNR' })).toBeInTheDocument();
      const items = within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
      expect(items).toEqual([
        expect.stringContaining('Når sluttkursen er over 130,00'),
        expect.stringContaining('Når sluttkursen er under 104,37'),
      ]);
      expect(items[0]).toContain('Brudd');
      expect(within(list).getByRole('link', { name: 'Alle prisvarsler' })).toHaveAttribute(
        'href',
        '/notifications',
      );
      await userEvent.click(within(list).getByRole('button', { name: /Slett varselet under 104,37/ }));
      expect(remove).toHaveBeenCalledWith(2);
      act(() => usePriceAlertStore.setState({ remove: realRemove }));
    });

    it('shows nothing when the share has no armed alert', () => {
      usePriceAlertStore.setState({ items: [alert({ id: 3, ticker_id: 2, symbol: 'NHY' })] });
      renderMarket(<PriceAlertForm detail={tickerDetail()} />);
      expect(screen.queryByTestId('ticker-price-alerts')).not.toBeInTheDocument();
    });
  });
});
