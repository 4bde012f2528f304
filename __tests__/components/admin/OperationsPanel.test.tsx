import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import OperationsPanel, { POLL_RUNNING_MS } from '@/components/admin/OperationsPanel';
import type { JobStatusDto, MarketDataOpsDto, MarketStatusMap } from '@/lib/types/operations';
import { useOperationsStore } from '@/stores/useOperationsStore';
import { renderMarket, type Lang } from '../market/renderMarket';

jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));

const job = (name: string, over: Partial<JobStatusDto> = {}): JobStatusDto => ({
  name,
  schedule: '50 16 * * 1-5',
  time_zone: 'Europe/Oslo',
  running: false,
  progress: null,
  last_run: null,
  next_run: '2026-11-24T15:50:00.000Z',
  retry_at: null,
  ...over,
});

let jobs: JobStatusDto[];
let runs: string[];
const marketStatus = (runningOut: boolean): MarketStatusMap['160'] => ({
  last_session: '2027-11-30',
  refreshed_at: '2027-11-30T15:50:00Z',
  status: 'current',
  sessions_behind: 0,
  holidays_through: '2027-12-31',
  holidays_running_out: runningOut,
});
let statuses: MarketStatusMap;
const marketData: MarketDataOpsDto = {
  provider: 'eodhd',
  markets: [
    {
      market_id: 160,
      last_session: '2026-11-23',
      fetched_at: '2026-11-23T18:45:03.000Z',
      published_after: { time: '19:45', time_zone: 'Europe/Oslo' },
      preliminary_session: null,
      reconciled_session: '2026-11-17',
    },
    {
      market_id: 226,
      last_session: null,
      fetched_at: null,
      published_after: { time: '17:00', time_zone: 'America/New_York' },
      preliminary_session: '2026-11-23',
      reconciled_session: null,
    },
  ],
  usage: [{ day: '2026-11-23', provider: 'eodhd', requests: 7, calls: 403 }],
  daily_call_budget: 100000,
};
const server = setupServer(
  http.get('*/api/v1/admin/jobs', () => HttpResponse.json(jobs)),
  http.get('*/api/v1/markets/status', () => HttpResponse.json(statuses)),
  http.get('*/api/v1/admin/market-data', () => HttpResponse.json(marketData)),
  http.post('*/api/v1/admin/jobs/:name/run', ({ params }) => {
    const name = String(params.name);
    if (jobs.find((j) => j.name === name)?.running) {
      return HttpResponse.json({ error: { code: 'JOB_RUNNING', message: 'running' } }, { status: 409 });
    }
    runs.push(name);
    jobs = jobs.map((j) =>
      j.name === name ? { ...j, running: true, progress: { phase: 'bars', done: 0, total: 80 } } : j,
    );
    return HttpResponse.json(
      jobs.find((j) => j.name === name),
      { status: 202 },
    );
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  runs = [];
  statuses = { '160': marketStatus(false), '226': marketStatus(false) };
  jobs = [
    job('refresh-160', {
      last_run: {
        started_at: '2026-11-23T15:50:00Z',
        finished_at: '2026-11-23T15:50:02Z',
        ok: true,
        message: 'session 2026-11-23: 79 bars',
        attempt: 1,
      },
    }),
    job('refresh-226', {
      schedule: '30 16 * * 1-5',
      time_zone: 'America/New_York',
      last_run: {
        started_at: '2026-11-23T21:30:00Z',
        finished_at: '2026-11-23T21:30:01Z',
        ok: false,
        message: 'provider down',
        attempt: 2,
      },
      retry_at: '2026-11-23T21:36:01Z',
    }),
    job('backup', { schedule: '15 3 * * *' }),
  ];
});
afterEach(() => {
  useOperationsStore.getState().reset();
  jest.useRealTimers();
});
afterAll(() => server.close());

describe.each(['nb', 'en'] as Lang[])('OperationsPanel (%s)', (locale) => {
  it('lists every job with its schedule, last run and state', async () => {
    const { t } = renderMarket(<OperationsPanel />, locale);
    const oslo = await screen.findByTestId('job-refresh-160');
    expect(within(oslo).getByRole('rowheader')).toHaveTextContent(t('operations:jobs.names.refresh-160'));
    expect(oslo).toHaveTextContent('50 16 * * 1-5 (Europe/Oslo)');
    expect(oslo).toHaveTextContent(t('operations:jobs.ok'));
    expect(oslo).toHaveTextContent('session 2026-11-23: 79 bars');
    const us = screen.getByTestId('job-refresh-226');
    expect(us).toHaveTextContent(t('operations:jobs.failed'));
    expect(us).toHaveTextContent('provider down');
    expect(us).toHaveTextContent(t('operations:jobs.attempt', { attempt: 2 }));
    expect(screen.getByTestId('job-backup')).toHaveTextContent(t('operations:jobs.never'));
  });

  it("warns a month before a market's holiday list runs out, and only for that market", async () => {
    statuses = { '160': marketStatus(true), '226': marketStatus(false) };
    const { t } = renderMarket(<OperationsPanel />, locale);
    await screen.findByTestId('job-backup');
    const alert = await screen.findByText(/exchangeHolidays\.json/);
    expect(screen.getAllByText(/exchangeHolidays\.json/)).toHaveLength(1);
    expect(alert).toHaveTextContent('Oslo Børs');
    expect(alert).not.toHaveTextContent('US');
    // 31 December 2027 in the locale's medium date.
    expect(alert).toHaveTextContent(locale === 'nb' ? '31. des. 2027' : 'Dec 31, 2027');
    expect(alert.textContent).toBe(
      t('operations:holidaysRunningOut', {
        market: 'Oslo Børs',
        date: locale === 'nb' ? '31. des. 2027' : 'Dec 31, 2027',
      }),
    );
  });

  it('shows no holiday warning while the lists last', async () => {
    renderMarket(<OperationsPanel />, locale);
    await screen.findByTestId('job-backup');
    await waitFor(() => expect(useOperationsStore.getState().marketStatus.status).toBe('success'));
    expect(screen.queryByText(/exchangeHolidays\.json/)).toBeNull();
  });

  it('shows when each market’s data is published and was fetched, and the calls per day', async () => {
    const { t } = renderMarket(<OperationsPanel />, locale);
    const oslo = await screen.findByTestId('market-data-160');
    expect(oslo).toHaveTextContent(
      t('operations:marketData.publishedAt', { time: '19:45', timeZone: 'Europe/Oslo' }),
    );
    expect(oslo).toHaveTextContent('2026-11-23');
    // The bulk bookkeeping: Oslo's reconciliation mark, the US session read preliminary.
    expect(oslo).toHaveTextContent('2026-11-17');
    const us = screen.getByTestId('market-data-226');
    expect(us).toHaveTextContent(
      t('operations:marketData.publishedAt', { time: '17:00', timeZone: 'America/New_York' }),
    );
    expect(us).toHaveTextContent(t('operations:marketData.none'));
    expect(us).toHaveTextContent('2026-11-23');
    const section = screen.getByTestId('market-data');
    expect(section).toHaveTextContent(t('operations:marketData.usageTitle', { budget: 100000 }));
    const usage = within(section).getByRole('rowheader', { name: '2026-11-23' }).closest('tr')!;
    expect(usage).toHaveTextContent('7');
    expect(usage).toHaveTextContent('403');
  });

  it('runs a job now and follows its progress until it finishes', async () => {
    const user = userEvent.setup();
    const { t } = renderMarket(<OperationsPanel />, locale);
    const row = await screen.findByTestId('job-backup');
    const button = within(row).getByRole('button', {
      name: t('operations:jobs.runNowLabel', { name: t('operations:jobs.names.backup') }),
    });
    await user.click(button);
    expect(runs).toEqual(['backup']);
    const progress = t('operations:jobs.progress', {
      phase: t('operations:jobs.phases.bars'),
      done: 0,
      total: 80,
    });
    expect(await within(row).findByText(progress)).toBeInTheDocument();
    expect(
      within(row).getByRole('button', {
        name: t('operations:jobs.runNowLabel', { name: t('operations:jobs.names.backup') }),
      }),
    ).toBeDisabled();

    // The server finishes the run; the next poll (every POLL_RUNNING_MS while running) shows it.
    jobs = jobs.map((j) =>
      j.name === 'backup'
        ? {
            ...j,
            running: false,
            progress: null,
            last_run: {
              started_at: '2026-11-24T10:00:00Z',
              finished_at: '2026-11-24T10:00:05Z',
              ok: true,
              message: 'trendvakt-2026-11-24T100000Z.pglite.tar.gz (42.8 MB)',
              attempt: 1,
            },
          }
        : j,
    );
    await act(() => new Promise((r) => setTimeout(r, POLL_RUNNING_MS + 200)));
    await waitFor(() =>
      expect(row).toHaveTextContent('trendvakt-2026-11-24T100000Z.pglite.tar.gz (42.8 MB)'),
    );
    expect(row).toHaveTextContent(t('operations:jobs.idle'));
  });

  it('says so when the job already runs (409)', async () => {
    const { t } = renderMarket(<OperationsPanel />, locale);
    await screen.findByTestId('job-backup');
    jobs = jobs.map((j) => (j.name === 'refresh-160' ? { ...j, running: true } : j));
    // The list still shows it idle (not polled yet): the click reaches the server, which refuses.
    await act(() => useOperationsStore.getState().runJob('refresh-160'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      t('operations:jobs.alreadyRunning', { name: t('operations:jobs.names.refresh-160') }),
    );
  });
});
