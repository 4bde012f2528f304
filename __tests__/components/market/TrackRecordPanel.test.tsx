import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import TrackRecordPanel from '@/components/market/TrackRecordPanel';
import { formatPercent } from '@/lib/format';
import type { Bar } from '@/lib/types/market';
import { useTrackRecordStore } from '@/stores/useTrackRecordStore';
import { createMarketServer, errorBody, tickerDetail, trackRecord } from './marketFixtures';
import { renderMarket, type Lang } from './renderMarket';
import { expectConsoleError } from '@/__tests__/helpers/consoleErrors';

jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));

const { server } = createMarketServer();
/** toHaveTextContent folds the no-break spaces Intl writes (nb "100 %") into plain spaces. */
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => useTrackRecordStore.getState().reset());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Bars on the dates of the fixture's entries (and a few between), so every marker is in the window. */
const dates = [
  '2024-05-31',
  '2024-06-03',
  '2024-07-01',
  '2024-09-02',
  '2024-10-01',
  '2024-11-18',
  '2024-11-22',
];
const bars: Bar[] = dates.map((date, i) => ({
  date,
  open: 290 + i,
  high: 300 + i,
  low: 280 + i,
  close: 290 + i * 5,
  volume: 1000,
}));

describe.each<Lang>(['nb', 'en'])('the track record on the analysis page (%s)', (lang) => {
  it('shows the summary, the signals on the price with their outcome, and the latest entries', async () => {
    const { t } = renderMarket(<TrackRecordPanel detail={tickerDetail({ bars })} timeframe={2} />, lang);
    const panel = await screen.findByRole('region', { name: t('trackrecord:panel.title') });
    const locale = lang;

    // Summary: buy 2 signals, 1 of 1 beat the index after 22 sessions, median +5.0 %.
    const buyRow = within(panel).getByRole('row', { name: new RegExp(t('trackrecord:summary.buy')) });
    expect(buyRow).toHaveTextContent(
      spaces(t('trackrecord:summary.of', { share: formatPercent(1, locale, { decimals: 0 }), count: 1 })),
    );
    expect(buyRow).toHaveTextContent(spaces(formatPercent(0.05, locale, { decimals: 1, signed: true })));

    // Issue 25: the sell row counts the sells that fell more than the index: its one evaluated
    // sell returned +1 % against the index's +3 % (excess -2 %), so 1 of 1 was right.
    const sellRow = within(panel).getByRole('row', { name: new RegExp(t('trackrecord:summary.sell')) });
    expect(sellRow).toHaveTextContent(spaces(t('trackrecord:summary.meaning.sell')));
    expect(sellRow).toHaveTextContent(
      spaces(t('trackrecord:summary.of', { share: formatPercent(1, locale, { decimals: 0 }), count: 1 })),
    );
    expect(within(panel).getByTestId('track-record-reading')).toHaveTextContent(
      spaces(
        t('trackrecord:summary.reading.sell', {
          right: 1,
          count: 1,
          share: formatPercent(1, locale, { decimals: 0 }),
        }),
      ),
    );
    // The fixture's market is demo data: the note says no edge is expected.
    expect(within(panel).getByTestId('demo-track-record-note')).toHaveTextContent(
      t('trackrecord:panel.demoNote'),
    );

    // Chart: the sell (lagged the index: right), the first buy (beat it: right), the last buy (too early).
    const chart = within(panel).getByRole('img', { name: t('trackrecord:panel.chartLabel') });
    const markers = chart.querySelectorAll('polygon');
    expect([...markers].map((m) => [m.getAttribute('data-signal'), m.getAttribute('data-outcome')])).toEqual([
      ['sell', 'right'],
      ['buy', 'right'],
      ['buy', 'pending'],
    ]);
    expect(markers[2].querySelector('title')).toHaveTextContent(t('trackrecord:panel.outcome.pending'));

    // Latest first; a return whose sessions have not passed says so.
    const rows = within(panel)
      .getAllByRole('row')
      .filter((r) => r.querySelector('td'));
    expect(rows[2]).toHaveTextContent(t('trackrecord:panel.pending'));
    // Each entry says in words (and colour) whether it was right: latest first, the last buy is too
    // early, the first buy rose 8 % against the index's 3 % (right), the sell rose 1 % against 3 % (right).
    expect(
      within(panel)
        .getAllByRole('cell')
        .filter((c) => c.hasAttribute('data-outcome'))
        .map((c) => [c.getAttribute('data-outcome'), c.textContent]),
    ).toEqual([
      ['pending', t('trackrecord:panel.verdict.buy.pending')],
      ['right', t('trackrecord:panel.verdict.buy.right')],
      ['right', t('trackrecord:panel.verdict.sell.right')],
    ]);
    expect(within(panel).getByRole('link', { name: t('trackrecord:panel.howLink') })).toHaveAttribute(
      'href',
      '/help/about-our-analysis#track-record',
    );
  });

  it('says so when there is no change yet, and offers a retry after a failure', async () => {
    server.use(
      http.get('*/api/v1/ticker/:id/track-record', () =>
        HttpResponse.json({ ...trackRecord(1, 2), entries: [], through: null }),
      ),
    );
    const { t, unmount } = renderMarket(
      <TrackRecordPanel detail={tickerDetail({ bars })} timeframe={2} />,
      lang,
    );
    expect(await screen.findByText(t('trackrecord:panel.empty'))).toBeInTheDocument();
    unmount();

    useTrackRecordStore.getState().reset();
    server.use(
      http.get('*/api/v1/ticker/:id/track-record', () =>
        HttpResponse.json(errorBody('INTERNAL'), { status: 500 }),
      ),
    );
    expectConsoleError(/^Fetching the track record failed:/);
    renderMarket(<TrackRecordPanel detail={tickerDetail({ bars })} timeframe={2} />, lang);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(t('trackrecord:panel.loadError'));
    expect(console.error).toHaveBeenCalledWith('Fetching the track record failed:', expect.anything());
  });
});
