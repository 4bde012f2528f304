/**
 * A number of an import's preview that cannot be right (issue 37 item 3): nothing is refused, the
 * dialog shows the warning next to its row. `likely_cause` names the decimal-separator choice when
 * reading the cell with the other separator gives a different number (`other_reading`).
 */
export const IMPORT_WARNING_CODES = [
  /** A trade's price is 100× (or 1/100 of) the day's close of a share the universe has. */
  'PRICE_FAR_FROM_CLOSE',
  /** A trade's quantity is 10,000× (or 1/10,000 of) the median quantity of the file's trades. */
  'QUANTITY_FAR_FROM_MEDIAN',
  /** A number's thousands separator is not followed by three digits ("6,3572" read with a decimal point). */
  'NOT_THOUSANDS_GROUPING',
] as const;
export type ImportWarningCode = (typeof IMPORT_WARNING_CODES)[number];

export interface ImportWarningDto {
  line: number;
  code: ImportWarningCode;
  /** The mapped field whose number is suspect. */
  field: 'quantity' | 'price' | 'fee' | 'amount';
  /** The cell as the file writes it, and the number it was read as. */
  text: string;
  value: string;
  /** The same cell read with the other decimal separator, when that gives another number. */
  other_reading: string | null;
  likely_cause: 'decimal_separator' | null;
  /** The code's figures: close and session, or median; ratio (value / reference, rounded). */
  params: Record<string, string | number>;
  /** English, for API users and logs. */
  message: string;
}
