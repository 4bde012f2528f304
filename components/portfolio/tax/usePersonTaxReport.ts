import { useCallback, useEffect, useState } from 'react';
import type { PersonTaxReportDto } from '@/lib/types/personTax';
import { portfolioService } from '@/services/portfolioService';

export type PersonTaxStatus = 'loading' | 'ready' | 'error';

/**
 * The person-level tax report of `year` (GET /api/v1/tax/{year}), fetched again when `year`,
 * `refresh` (anything that changes when the ledger did) or a retry changes; `year` null waits.
 * Shared by the year report page and the per-portfolio tax panel.
 */
export function usePersonTaxReport(
  year: number | null,
  refresh: unknown = null,
): { status: PersonTaxStatus; report: PersonTaxReportDto | null; retry(): void } {
  const [attempt, setAttempt] = useState(0);
  // What was fetched for which request; anything else is still loading.
  const [answer, setAnswer] = useState<{
    request: readonly unknown[];
    report: PersonTaxReportDto | null;
    failed: boolean;
  } | null>(null);

  useEffect(() => {
    if (year === null) return;
    let current = true;
    const request = [year, attempt, refresh] as const;
    portfolioService.personTax(year).then(
      (report) => {
        if (current) setAnswer({ request, report, failed: false });
      },
      (err: unknown) => {
        console.error('Fetching the tax report failed:', err);
        if (current) setAnswer({ request, report: null, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [year, attempt, refresh]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  const fresh =
    answer !== null &&
    answer.request[0] === year &&
    answer.request[1] === attempt &&
    answer.request[2] === refresh;
  if (!fresh) return { status: 'loading', report: null, retry };
  return answer.failed
    ? { status: 'error', report: null, retry }
    : { status: 'ready', report: answer.report, retry };
}
