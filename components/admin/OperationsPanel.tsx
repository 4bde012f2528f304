import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'next-i18next/pages';
import DocumentTitle from '@/components/common/DocumentTitle';
import { MARKETS } from '@/lib/constants';
import { formatDate, formatDateTime } from '@/lib/format';
import type { JobStatusDto } from '@/lib/types/operations';
import { useOperationsStore } from '@/stores/useOperationsStore';
import MarketDataPanel from './MarketDataPanel';

/** While a job runs the list is polled this often (live progress); otherwise less often. */
export const POLL_RUNNING_MS = 1500;
export const POLL_IDLE_MS = 15_000;

/** The /admin/operations page body: the scheduled jobs, their last and next runs, "Run now". */
export default function OperationsPanel() {
  const { t, i18n } = useTranslation('operations');
  const locale = i18n.language;
  const jobs = useOperationsStore((s) => s.jobs);
  const starting = useOperationsStore((s) => s.starting);
  const runError = useOperationsStore((s) => s.runError);
  const marketStatus = useOperationsStore((s) => s.marketStatus);
  const { fetchJobs, runJob, fetchMarketStatus } = useOperationsStore.getState();
  const anyRunning = (jobs.data ?? []).some((j) => j.running) || starting !== null;

  useEffect(() => {
    void fetchJobs();
    void fetchMarketStatus();
  }, [fetchJobs, fetchMarketStatus]);

  // A month before the exchange holiday list runs out (GET /api/v1/markets/status).
  const holidaysRunningOut = MARKETS.flatMap((market) => {
    const status = marketStatus.data?.[String(market.id)];
    return status?.holidays_running_out ? [{ market, through: status.holidays_through }] : [];
  });

  useEffect(() => {
    const timer = setInterval(() => void fetchJobs(), anyRunning ? POLL_RUNNING_MS : POLL_IDLE_MS);
    return () => clearInterval(timer);
  }, [anyRunning, fetchJobs]);

  const jobName = (name: string) => t(`jobs.names.${name}`, { defaultValue: name });

  return (
    <section aria-labelledby="operations-title">
      <DocumentTitle title={t('page.title')} description={t('page.description')} />
      <header className="tv-page-header">
        <h1 id="operations-title" className="mb-2">
          {t('page.title')}
        </h1>
        <p className="lead text-body-secondary mb-0 tv-prose">{t('page.description')}</p>
      </header>

      {holidaysRunningOut.map(({ market, through }) => (
        <div key={market.id} className="alert alert-warning" role="alert">
          {t('holidaysRunningOut', { market: market.name, date: formatDate(through, locale) })}
        </div>
      ))}
      {runError && (
        <div className="alert alert-warning" role="alert">
          {runError.error.status === 409
            ? t('jobs.alreadyRunning', { name: jobName(runError.name) })
            : t('jobs.runFailed', { name: jobName(runError.name), message: runError.error.message })}
        </div>
      )}
      {jobs.status === 'error' && !jobs.data && (
        <div className="alert alert-danger d-flex align-items-center gap-3" role="alert">
          <span className="me-auto">{t('jobs.loadFailed')}</span>
          <Button size="sm" variant="outline-danger" onClick={() => void fetchJobs()}>
            {t('jobs.retry')}
          </Button>
        </div>
      )}
      {jobs.data && (
        <div className="table-responsive">
          <Table className="align-middle" data-testid="jobs-table">
            <caption className="visually-hidden">{t('jobs.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('jobs.name')}</th>
                <th scope="col">{t('jobs.schedule')}</th>
                <th scope="col">{t('jobs.lastRun')}</th>
                <th scope="col">{t('jobs.nextRun')}</th>
                <th scope="col">{t('jobs.state')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('jobs.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {jobs.data.map((job) => (
                <JobRow
                  key={job.name}
                  job={job}
                  label={jobName(job.name)}
                  locale={locale}
                  starting={starting === job.name}
                  onRun={() => void runJob(job.name)}
                />
              ))}
            </tbody>
          </Table>
        </div>
      )}
      <MarketDataPanel refreshKey={(jobs.data ?? []).map((j) => j.last_run?.finished_at ?? '').join('|')} />
    </section>
  );
}

function JobRow(props: {
  job: JobStatusDto;
  label: string;
  locale: string;
  starting: boolean;
  onRun(): void;
}) {
  const { job, label, locale, starting, onRun } = props;
  const { t } = useTranslation('operations');
  const last = job.last_run;
  const progress = job.progress;
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  const progressText = progress
    ? t('jobs.progress', {
        phase: t(`jobs.phases.${progress.phase}`, { defaultValue: progress.phase }),
        done: progress.done,
        total: progress.total,
      })
    : t('jobs.running');
  return (
    <tr data-testid={`job-${job.name}`}>
      <th scope="row">{label}</th>
      <td className="small">
        <code>{t('jobs.scheduleText', { pattern: job.schedule, timeZone: job.time_zone })}</code>
      </td>
      <td className="small">
        {last ? (
          <>
            <div>{formatDateTime(last.started_at, locale)}</div>
            {last.ok !== null && (
              <span className={`badge ${last.ok ? 'text-bg-success' : 'text-bg-danger'} me-1`}>
                {last.ok ? t('jobs.ok') : t('jobs.failed')}
              </span>
            )}
            {last.attempt > 1 && (
              <span className="text-body-secondary me-1">{t('jobs.attempt', { attempt: last.attempt })}</span>
            )}
            {last.message && <div className="text-body-secondary text-break">{last.message}</div>}
          </>
        ) : (
          <span className="text-body-secondary">{t('jobs.never')}</span>
        )}
      </td>
      <td className="small">
        {formatDateTime(job.next_run, locale)}
        {job.retry_at && (
          <div className="text-warning-emphasis">
            {t('jobs.retryAt', { time: formatDateTime(job.retry_at, locale) })}
          </div>
        )}
      </td>
      <td className="small" style={{ minWidth: '10rem' }}>
        {job.running ? (
          <>
            <div>{t('jobs.running')}</div>
            <ProgressBar now={percent} animated label={`${percent} %`} aria-label={progressText} />
            {progress && (
              <div className="text-body-secondary" aria-live="polite">
                {progressText}
              </div>
            )}
          </>
        ) : (
          <span className="text-body-secondary">{t('jobs.idle')}</span>
        )}
      </td>
      <td className="text-end">
        <Button size="sm" variant="primary" disabled={job.running || starting} onClick={onRun}>
          {/* The visible words are short; the name says which job (no aria-label, so the name and
              the visible text cannot disagree). */}
          <span aria-hidden="true">{starting ? t('jobs.starting') : t('jobs.runNow')}</span>
          <span className="visually-hidden">
            {starting ? t('jobs.starting') : t('jobs.runNowLabel', { name: label })}
          </span>
        </Button>
      </td>
    </tr>
  );
}
