import data from './taxRates.json';

/** One income year's figures; null where no published figure was found (the report says so). */
export interface TaxYearRates {
  /** Skjermingsrente as a fraction (3.6 % → 0.036). */
  skjermingsrente: number | null;
  oppjusteringsfaktor: number | null;
  /** Tax on ordinary income as a fraction (22 % → 0.22). */
  taxRate: number | null;
  /** Share of market value a listed share is valued at for wealth tax (0.8). */
  wealthValuation: number | null;
  sources: Readonly<Record<string, string>>;
}

interface RawYear {
  skjermingsrente: number | null;
  oppjusteringsfaktor: number | null;
  tax_rate: number | null;
  wealth_valuation: number | null;
  sources: Record<string, string>;
}

const YEARS = data.years as Record<string, RawYear>;

/**
 * The figures of `year` from the one dated data file (taxRates.json, a source per figure); every
 * figure null for a year the file does not hold.
 */
export function taxRatesFor(year: number): TaxYearRates {
  const raw = YEARS[String(year)];
  if (!raw) {
    return {
      skjermingsrente: null,
      oppjusteringsfaktor: null,
      taxRate: null,
      wealthValuation: null,
      sources: {},
    };
  }
  return {
    skjermingsrente: raw.skjermingsrente === null ? null : raw.skjermingsrente / 100,
    oppjusteringsfaktor: raw.oppjusteringsfaktor,
    taxRate: raw.tax_rate === null ? null : raw.tax_rate / 100,
    wealthValuation: raw.wealth_valuation,
    sources: raw.sources,
  };
}

/** The years the data file holds. */
export function taxRateYears(): number[] {
  return Object.keys(YEARS)
    .map(Number)
    .sort((a, b) => a - b);
}
