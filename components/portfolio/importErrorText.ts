import {
  IMPORT_ERROR_CODES,
  IMPORT_REVIEW_CODES,
  IMPORT_SKIP_CODES,
  type ImportErrorDto,
  type ImportReviewRow,
  type ImportSkippedRowDto,
} from '@/lib/types/portfolio';
import { MAPPED_FIELDS } from '@/lib/schemas/importMapping';
import type { Translate } from './fieldErrors';

const CODES: ReadonlySet<string> = new Set(IMPORT_ERROR_CODES);
const SKIP_CODES: ReadonlySet<string> = new Set(IMPORT_SKIP_CODES);
const REVIEW_CODES: ReadonlySet<string> = new Set(IMPORT_REVIEW_CODES);
/** The mapped-CSV fields the dialog has labels for (`import.mapped.fields`). */
const LABELLED_FIELDS: ReadonlySet<string> = new Set(MAPPED_FIELDS);

/**
 * An import error (a row's or the file's) in the user's language: `importErrors.<code>` with its
 * parameters; a mapped CSV's field by its label in the mapping form. The English message when the
 * error has no code the dialog knows (an answer from a newer server).
 */
export function importErrorText(t: Translate, error: ImportErrorDto): string {
  if (error.code === undefined || !CODES.has(error.code)) return error.message;
  const params: Record<string, unknown> = { ...error.params };
  const field = params.field;
  if (typeof field === 'string' && LABELLED_FIELDS.has(field))
    params.field = t(`import.mapped.fields.${field}`);
  return t(`importErrors.${error.code}`, params);
}

/**
 * Why a line is skipped, in the user's language: `importSkipped.<code>` with its parameters (an
 * ISO `date` shown by `formatDay`, as the preview's tables show dates); the English reason when the
 * row has no code the dialog knows (an answer from a newer server).
 */
export function skippedText(
  t: Translate,
  row: Pick<ImportSkippedRowDto, 'code' | 'params' | 'reason'>,
  formatDay: (iso: string) => string = (iso) => iso,
): string {
  if (!SKIP_CODES.has(row.code)) return row.reason;
  const params: Record<string, unknown> = { ...row.params };
  if (typeof params.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(params.date))
    params.date = formatDay(params.date);
  return t(`importSkipped.${row.code}`, params);
}

/** Why a line needs review, in the user's language (`importReview.<code>`); else the English reason. */
export function reviewText(t: Translate, row: Pick<ImportReviewRow, 'code' | 'params' | 'reason'>): string {
  if (!REVIEW_CODES.has(row.code)) return row.reason;
  // Issue 39: a share an aksjesparekonto may not hold: the rule's own sentence, naming the share.
  if (row.code === 'ASK_NOT_ELIGIBLE' && typeof row.params?.rule === 'string')
    return t(`askEligibility:refusal.${row.params.rule}`, { ...row.params });
  return t(`importReview.${row.code}`, { ...row.params });
}

/** A refused import (409) that is not a holding conflict: its text, or null. */
export function busyText(t: Translate, code: string | undefined): string | null {
  return code === 'IMPORT_IN_PROGRESS' || code === 'PORTFOLIO_BUSY' ? t(`importErrors.${code}`) : null;
}
