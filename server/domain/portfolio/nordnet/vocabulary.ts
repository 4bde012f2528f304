import { normalizeHeader } from './cells';

/** Nordnet's column headers and transaction type words in Norwegian, Swedish, Danish and Finnish. */

export type ColumnKey =
  | 'id'
  | 'bookingDate'
  | 'tradeDate'
  | 'settlementDate'
  | 'portfolio'
  | 'type'
  | 'security'
  | 'isin'
  | 'quantity'
  | 'price'
  | 'interest'
  | 'totalFees'
  | 'amount'
  | 'purchaseValue'
  | 'result'
  | 'totalQuantity'
  | 'balance'
  | 'exchangeRate'
  | 'text'
  | 'cancelDate'
  | 'brokerage';

/**
 * Header names of the same export in Nordnet's four languages (Norwegian, Swedish, Danish,
 * Finnish) → column. Compared after normalizeHeader (lower case, ö/ä folded to ø/æ).
 */
export const HEADER_NAMES: Record<ColumnKey, readonly string[]> = {
  id: ['id'],
  bookingDate: ['bokføringsdag', 'bokföringsdag', 'bogføringsdag', 'kirjauspäivä'],
  tradeDate: ['handelsdag', 'handelsdato', 'affärsdag', 'kauppapäivä'],
  settlementDate: ['oppgjørsdag', 'likviddag', 'valørdag', 'maksupäivä'],
  portfolio: ['portefølje', 'depå', 'depot', 'salkku'],
  type: ['transaksjonstype', 'transaktionstyp', 'transaktionstype', 'tapahtumatyyppi'],
  security: ['verdipapir', 'värdepapper', 'værdipapirer', 'værdipapir', 'arvopaperi'],
  isin: ['isin'],
  quantity: ['antall', 'antal', 'määrä'],
  price: ['kurs', 'kurssi'],
  interest: ['rente', 'ränta', 'korko'],
  totalFees: ['totale avgifter', 'totala avgifter', 'samlede afgifter', 'kokonaiskulut'],
  amount: ['beløp', 'belopp', 'beløb', 'summa'],
  purchaseValue: ['kjøpsverdi', 'inköpsvärde', 'købsværdi', 'indkøbsværdi', 'hankinta-arvo'],
  result: ['resultat', 'tulos'],
  totalQuantity: ['totalt antall', 'totalt antal', 'total antal', 'kokonaismäärä'],
  balance: ['saldo'],
  exchangeRate: ['vekslingskurs', 'växlingskurs', 'vekselkurs', 'vaihtokurssi'],
  text: ['transaksjonstekst', 'transaktionstext', 'transaktionstekst', 'tapahtumateksti'],
  cancelDate: ['makuleringsdato', 'makuleringsdatum', 'annulleringsdato', 'mitätöintipäivä'],
  brokerage: ['kurtasje', 'courtage', 'kurtage', 'välityspalkkio'],
};

/** "Valuta" in the four languages: each follows the amount column it belongs to. */
export const CURRENCY_HEADERS = new Set(['valuta', 'valuutta']);

export const HEADER_ALIASES = new Map<string, ColumnKey>(
  (Object.entries(HEADER_NAMES) as [ColumnKey, readonly string[]][]).flatMap(([key, names]) =>
    names.map((name): [string, ColumnKey] => [normalizeHeader(name), key]),
  ),
);

export interface ColumnMap {
  columns: Partial<Record<ColumnKey, number>>;
  /** "Valuta" columns keyed by the column they follow. */
  currencies: Partial<Record<ColumnKey, number>>;
  firstCurrency: number | null;
}

// Transaction types in Norwegian, Swedish, Danish and Finnish (compared upper-cased).
export const BUY_TYPES = new Set(['KJØPT', 'KJØP', 'KÖPT', 'KÖP', 'KØBT', 'KØB', 'OSTO']);
export const SELL_TYPES = new Set(['SOLGT', 'SALG', 'SÅLT', 'SÄLJ', 'MYYNTI']);
export const DIVIDEND_TYPES = new Set(['UTBYTTE', 'UTDELNING', 'UDBYTTE', 'OSINKO']);
/** A split leg: the old quantity out, or the new quantity in. */
export const SPLIT_OUT = /(^|\s)(UTTAK|UTTAG|UDTAG|OTTO)(?=\s|$)/;
export const SPLIT_IN = /(^|\s)(INNLEGG|INLÄGG|INDLÆG|JÄTTÖ)(?=\s|$)/;
export const CASH_TYPES = new Set([
  'INNSKUDD',
  'INNSKUDD KONTANTER',
  'UTTAK',
  'UTTAK INTERNET',
  'AVGIFT',
  'RENTE',
  'DEBETRENTE',
  'KREDITRENTE',
  'OVERFØRING',
  'UTBYTTESKATT',
  'KUPONGSKATT',
  'TILBAKEBET. FOND AVG',
  'INSÄTTNING',
  'UTTAG',
  'UTTAG INTERNET',
  'INDBETALING',
  'HÆVNING',
  'TALLETUS',
  'NOSTO',
  'KUPONGSKAT',
  'UTLÄNDSK KÄLLSKATT',
  'UDBYTTESKAT',
  'ENNAKKOPIDÄTYS',
]);
