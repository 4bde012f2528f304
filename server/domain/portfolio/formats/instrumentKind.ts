import type { InstrumentKind } from '@/lib/constants';

/**
 * Issue 37: what a security outside the analysis universe most likely is, from what a broker file
 * states (no Nordnet layout names the kind, except the Finnish "Instrumenttityyppi"): an ETF by
 * its name (ETF, UCITS ETF, iShares, Xtrackers, SPDR…); a fund by its name (fond, fund, indeks,
 * index, SICAV, OEIC…) or by units held in fractions (shares trade in whole units on Oslo Børs and
 * at Nordnet's foreign markets, funds in fractional units); a bond by its name; else a share. The
 * user can correct it; the guess only decides how the holding is shown and which tax rules apply.
 */
export function guessInstrumentKind(name: string | null, quantities: readonly string[]): InstrumentKind {
  const n = ` ${(name ?? '').toUpperCase()} `;
  if (/[\s(](ETF|ETN|ETC|UCITS ETF|ISHARES|XTRACKERS|SPDR|VANGUARD .*ETF|LYXOR|AMUNDI .*ETF)[\s)]/.test(n))
    return 'etf';
  if (/(OBLIGASJON|OBLIGATION|BOND|\bFRN\b|RENTEFOND)/.test(n)) return 'bond';
  if (/(FOND|FUND|INDEKS|INDEX|SICAV|OEIC|\bAKSJE[A-ZÆØÅ]*\b|RAHASTO)/.test(n)) return 'fund';
  if (quantities.some((q) => /[.,]\d*[1-9]/.test(q))) return 'fund';
  return 'share';
}

/** Nordnet's Finnish "Instrumenttityyppi" and similar words, read as a kind; null when not known. */
export function instrumentKindOfWord(word: string): InstrumentKind | null {
  const w = word.trim().toUpperCase();
  if (w === '') return null;
  if (/ETF|PÖRSSINOTEERATTU RAHASTO/.test(w)) return 'etf';
  if (/RAHASTO|FOND|FUND/.test(w)) return 'fund';
  if (/OSAKE|AKSJE|AKTIE|SHARE|EQUITY/.test(w)) return 'share';
  if (/BOND|OBLIGA|JOUKKOVELKA/.test(w)) return 'bond';
  return 'other';
}
