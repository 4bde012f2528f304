import { formatNumber } from '@/lib/format';
import { IMPORT_MAX_BYTES } from '@/lib/schemas/portfolio';
import type { Translate } from './fieldErrors';
import { busyText } from './importErrorText';

/** The alert text for a file over the byte limit (checked in the browser before sending too). */
export const importTooLarge = (t: Translate) =>
  t('portfolioIntegrity:import.tooLarge', { max: IMPORT_MAX_BYTES / (1024 * 1024) });

/**
 * The alert text for a failed preview or import. A 400 with field details puts each message next to
 * its field (through `onFieldErrors`) and the alert says to look there.
 */
export function describeImportFailure(
  err: unknown,
  t: Translate,
  locale: string,
  onFieldErrors: (byPath: Record<string, string>) => void,
): string {
  const e = err as {
    status?: number;
    code?: string;
    message?: string;
    details?: { line?: number; rows?: number; max?: number };
  };
  if (e.status === 413 && e.code === 'IMPORT_TOO_MANY_ROWS') {
    return t('portfolioIntegrity:import.tooManyRows', {
      count: formatNumber(e.details?.rows ?? 0, locale, 0),
      max: formatNumber(e.details?.max ?? 0, locale, 0),
    });
  }
  if (e.status === 413) return importTooLarge(t);
  if (e.status === 409) return busyText(t, e.code) ?? t('import.conflict', { line: e.details?.line ?? '?' });
  if (e.status === 400 && Array.isArray(e.details)) {
    const byPath: Record<string, string> = {};
    for (const d of e.details as { path?: string; message?: string }[])
      if (d.path) byPath[d.path] = d.message ?? '';
    onFieldErrors(byPath);
    return t('import.mapped.fixFields');
  }
  return t('import.failed');
}
