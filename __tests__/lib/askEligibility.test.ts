// Issue 39 item 2: the aksjesparekonto rule (skatteloven § 10-22, Skatteetaten's page): the
// issuer's home state in the EEA and a regulated market; equity funds above 80 % shares.
import { askEligibility, askHomeState, EEA_STATES } from '@/lib/askEligibility';
import { MARKET_OSLO, MARKET_US } from '@/lib/constants';

describe('askEligibility', () => {
  it.each([
    // [what, security, expected]
    [
      'Equinor (NO ISIN, main list)',
      { isin: 'NO0010096985', segment: 'oslo_bors' },
      { eligible: true, homeState: 'NO' },
    ],
    [
      'AutoStore (Bermuda ISIN on Oslo Børs)',
      { isin: 'BMG0670A1099', segment: 'oslo_bors' },
      { eligible: false, code: 'ask_not_eea', homeState: 'BM' },
    ],
    [
      'Apple (US ISIN)',
      { isin: 'US0378331005', countryId: MARKET_US },
      { eligible: false, code: 'ask_not_eea', homeState: 'US' },
    ],
    [
      'a NASDAQ share without ISIN',
      { isin: null, countryId: MARKET_US },
      { eligible: false, code: 'ask_not_eea', homeState: 'US' },
    ],
    [
      'Subsea 7 (Luxembourg)',
      { isin: 'LU0075646355', segment: 'oslo_bors' },
      { eligible: true, homeState: 'LU' },
    ],
    [
      'Frontline plc (Cyprus since 2022)',
      { isin: 'CY0200352116', segment: 'oslo_bors' },
      { eligible: true, homeState: 'CY' },
    ],
    [
      'SoftwareOne (Switzerland: EFTA, not EEA)',
      { isin: 'CH0496451508', segment: 'oslo_bors' },
      { eligible: false, code: 'ask_not_eea', homeState: 'CH' },
    ],
    [
      'Bakkafrost (Faroe Islands: not EEA)',
      { isin: 'FO0000000179', segment: 'oslo_bors' },
      { eligible: false, code: 'ask_not_eea', homeState: 'FO' },
    ],
    [
      'a Luxembourg S.A. with a Norwegian ISIN (domicile wins)',
      { isin: 'NO0013460071', domicile: 'LU', segment: 'expand' },
      { eligible: true, homeState: 'LU' },
    ],
    [
      'a Bermuda company with a Norwegian ISIN (domicile wins)',
      { isin: 'NO0010000045', domicile: 'BM', segment: 'oslo_bors' },
      { eligible: false, code: 'ask_not_eea', homeState: 'BM' },
    ],
    [
      'HAV Group on Euronext Growth (not a regulated market)',
      { isin: 'NO0010931918', segment: 'growth' },
      { eligible: false, code: 'ask_not_regulated_market', homeState: 'NO' },
    ],
    [
      'a Euronext Expand share (regulated market)',
      { isin: 'NO0012885252', segment: 'expand' },
      { eligible: true, homeState: 'NO' },
    ],
    [
      'an EEA equity fund with 81 % shares',
      { isin: 'NO0010000000', kind: 'fund', equityShare: 0.81 },
      { eligible: true, homeState: 'NO' },
    ],
    [
      'an EEA fund with exactly 80 % shares (must be more than 80 %)',
      { isin: 'NO0010000000', kind: 'fund', equityShare: 0.8 },
      { eligible: false, code: 'ask_fund_equity_share', homeState: 'NO' },
    ],
    [
      'a US fund with 100 % shares',
      { isin: 'US0000000000', kind: 'fund', equityShare: 1 },
      { eligible: false, code: 'ask_not_eea', homeState: 'US' },
    ],
    [
      'an Oslo share without ISIN or domicile',
      { isin: null, countryId: MARKET_OSLO },
      { eligible: false, code: 'ask_home_state_unknown', homeState: null },
    ],
  ] as const)('%s', (_what, security, expected) => {
    expect(askEligibility(security)).toEqual(expected);
  });

  it('knows the 30 EEA states: the 27 EU members plus Iceland, Liechtenstein and Norway', () => {
    expect(EEA_STATES).toHaveLength(30);
    for (const s of ['NO', 'IS', 'LI', 'SE', 'DK', 'FI', 'DE', 'CY', 'LU', 'IE'])
      expect(EEA_STATES).toContain(s);
    for (const s of ['GB', 'CH', 'US', 'BM', 'FO', 'SG', 'KY', 'MH']) expect(EEA_STATES).not.toContain(s);
  });

  it('reads the home state from the domicile first, then the ISIN prefix', () => {
    expect(askHomeState({ isin: 'NO0012928805', domicile: 'dk' })).toBe('DK');
    expect(askHomeState({ isin: 'SGXZ69436764' })).toBe('SG');
  });
});
