import data from './taxRates.json';

/** One income year's figures; null where no published figure was found (the report says so). */
export interface TaxYearRates {
  /** Skjermingsrente as a fraction (3.6 % → 0.036). */
  skjermingsrente: number | null;
  oppjusteringsfaktor: number | null;
  /**
   * A factor that applies from a date inside the year, by the realisation's or dividend's date
   * (2022: 1.6 until 5 October, 1.72 from 6 October; Skatte-ABC 2022-2023 A-5-5.1,
   * https://www.skatteetaten.no/rettskilder/type/handboker/skatte-abc/2022-2023/a-5-aksjer--realisasjon/A-5.045/A-5.046/).
   */
  oppjusteringsfaktorFrom: readonly { date: string; value: number }[];
  /** Tax on ordinary income as a fraction (22 % → 0.22). */
  taxRate: number | null;
  /** Share of market value a listed share is valued at for wealth tax (0.8). */
  wealthValuation: number | null;
  sources: Readonly<Record<string, string>>;
}

interface RawYear {
  skjermingsrente: number | null;
  oppjusteringsfaktor: number | null;
  oppjusteringsfaktor_from?: { date: string; value: number }[];
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
      oppjusteringsfaktorFrom: [],
      taxRate: null,
      wealthValuation: null,
      sources: {},
    };
  }
  return {
    skjermingsrente: raw.skjermingsrente === null ? null : raw.skjermingsrente / 100,
    oppjusteringsfaktor: raw.oppjusteringsfaktor,
    oppjusteringsfaktorFrom: raw.oppjusteringsfaktor_from ?? [],
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

/** The oppjusteringsfaktor for income realised on `date` (an ISO date in the rates' year). */
export function factorOn(rates: TaxYearRates, date: string): number | null {
  let factor = rates.oppjusteringsfaktor;
  for (const change of rates.oppjusteringsfaktorFrom) if (date >= change.date) factor = change.value;
  return factor;
}

/** The years with a published skjermingsrente, factor and tax rate (what the year picker offers). */
export function publishedTaxYears(): number[] {
  return taxRateYears().filter((y) => {
    const r = taxRatesFor(y);
    return r.skjermingsrente !== null && r.oppjusteringsfaktor !== null && r.taxRate !== null;
  });
}
