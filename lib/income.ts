/** Issue 41: the defaults of the income and allocation settings (fractions). */
export const DEFAULT_INCOME_SETTINGS = {
  holding_limit: 0.2,
  sector_limit: 0.4,
  currency_limit: 0.8,
  ex_date_alerts: false,
} as const;

/** The treaty withholding rate proposed when a dividend is booked, by the share's market country. */
export const TREATY_WITHHOLDING: Record<string, number> = { NO: 0, US: 0.15 };

/** ISO country of a universe market (160 Oslo Børs, 226 US). */
export function marketCountry(countryId: number): string {
  return countryId === 226 ? 'US' : 'NO';
}
