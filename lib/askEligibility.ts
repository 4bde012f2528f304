/**
 * Aksjesparekonto (ASK) eligibility by the law's rule (skatteloven § 10-22; Skatteetaten's page on
 * aksjesparekonto:
 * https://www.skatteetaten.no/person/skatt/hjelp-til-riktig-skatt/aksjer-og-verdipapirer/om/aksjesparekonto-ask/?pageid=1237):
 * - a share may be held when its issuer is resident in an EEA state ("hjemmehørende i EØS") and the
 *   share is listed on a regulated market: Euronext Oslo Børs and Euronext Expand are regulated
 *   markets; Euronext Growth is a multilateral trading facility, so its shares may not be held
 *   (aksjenorge.no: "ikke aksjer notert på vekstmarkedsplassen Euronext Growth ... Hav Group");
 * - where the share is listed does not matter: AutoStore (Bermuda) on Oslo Børs is not eligible,
 *   a US company on NASDAQ is not;
 * - an equity fund resident in the EEA may be held when more than 80 % of it is in shares.
 * The issuer's home state is the universe's `domicile` where given, else the ISIN's country prefix
 * (ISO 6166: the country of the issuer for shares), else the market's country (US for NASDAQ).
 * Pure and isomorphic: the API refuses with it and the UI can explain it.
 */
import { MARKET_US, type OsloSegment } from './constants';

/** EU member states plus Iceland, Liechtenstein and Norway (ISO 3166 alpha-2). */
export const EEA_STATES: readonly string[] = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV',
  'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'IS', 'LI', 'NO',
]; // prettier-ignore

/** An equity fund may be held when its share part is above this fraction (80 %). */
export const ASK_FUND_MIN_EQUITY_SHARE = 0.8;

export type AskRefusalCode =
  'ask_not_eea' | 'ask_not_regulated_market' | 'ask_fund_equity_share' | 'ask_home_state_unknown';

export interface AskSecurity {
  isin: string | null;
  /** The issuer's home state where it differs from the ISIN prefix (universe.json `domicile`). */
  domicile?: string | null;
  /** The market id (160 Oslo, 226 US) when the security is a universe share. */
  countryId?: number | null;
  /** Oslo shares: the Euronext segment. */
  segment?: OsloSegment | null;
  /** 'fund' for an equity fund; shares otherwise. */
  kind?: 'share' | 'fund';
  /** Funds: the fraction of the fund invested in shares (0..1). */
  equityShare?: number | null;
}

export type AskEligibility =
  { eligible: true; homeState: string } | { eligible: false; code: AskRefusalCode; homeState: string | null };

/** The issuer's home state of a security, or null when nothing tells it. */
export function askHomeState(security: AskSecurity): string | null {
  if (security.domicile) return security.domicile.toUpperCase();
  if (security.isin && /^[A-Z]{2}/.test(security.isin)) return security.isin.slice(0, 2);
  if (security.countryId === MARKET_US) return 'US';
  return null;
}

/** Whether the security may be held in an aksjesparekonto, and if not, by which part of the rule. */
export function askEligibility(security: AskSecurity): AskEligibility {
  const homeState = askHomeState(security);
  if (homeState === null) return { eligible: false, code: 'ask_home_state_unknown', homeState };
  if (!EEA_STATES.includes(homeState)) return { eligible: false, code: 'ask_not_eea', homeState };
  if (security.kind === 'fund') {
    const share = security.equityShare ?? 0;
    return share > ASK_FUND_MIN_EQUITY_SHARE
      ? { eligible: true, homeState }
      : { eligible: false, code: 'ask_fund_equity_share', homeState };
  }
  if (security.segment === 'growth') return { eligible: false, code: 'ask_not_regulated_market', homeState };
  return { eligible: true, homeState };
}

/** The English sentence of a refusal (the API's message; the UI translates by code). */
export function askRefusalMessage(
  code: AskRefusalCode,
  name: string,
  symbol: string,
  homeState: string | null,
): string {
  const share = `${name} (${symbol})`;
  switch (code) {
    case 'ask_not_eea':
      return `${share} cannot be held in an aksjesparekonto: its issuer's home state (${homeState}) is outside the EEA`;
    case 'ask_not_regulated_market':
      return `${share} cannot be held in an aksjesparekonto: Euronext Growth is not a regulated market`;
    case 'ask_fund_equity_share':
      return `${share} cannot be held in an aksjesparekonto: an equity fund must hold more than 80 % shares`;
    case 'ask_home_state_unknown':
      return `${share} cannot be held in an aksjesparekonto: its issuer's home state is not known (no ISIN)`;
  }
}
