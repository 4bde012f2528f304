import { IMPORT_ERROR_CODES, type ImportErrorDto } from '@/lib/types/portfolio';
import { MAPPED_FIELDS } from '@/lib/schemas/importMapping';
import type { Translate } from './fieldErrors';

const CODES: ReadonlySet<string> = new Set(IMPORT_ERROR_CODES);
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

/** A refused import (409) that is not a holding conflict: its text, or null. */
export function busyText(t: Translate, code: string | undefined): string | null {
  return code === 'IMPORT_IN_PROGRESS' || code === 'PORTFOLIO_BUSY' ? t(`importErrors.${code}`) : null;
}
