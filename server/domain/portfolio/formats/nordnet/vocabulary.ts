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
  | 'brokerage'
  /** Issue 37: the instrument's kind (our export's `Kind`; Nordnet's Finnish Instrumenttityyppi). */
  | 'kind';

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
  kind: ['kind', 'verdipapirtype', 'instrumenttityyppi'],
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

/**
 * What a Transaksjonstype does. Words in Norwegian, Swedish, Danish and Finnish (compared
 * upper-cased, spaces collapsed), from Nordnet's exports as open-source parsers of them list
 * (e.g. "EMISJON INNLEGG VP", "BYTTE UTTAK VP", "BYTE INLÄGG VP", "TEGNING INNLEGG VP",
 * "UTBYTTE INNLEGG VP", "INNSKUDD KONTANTER", "UTTAK INTERNET", "KUPONGSKATT", "UTL KUPSKATT",
 * "DEBETRENTE", "OVERBELÅNINGSRENTE", "PLATTFORMAVGIFT", "TILBAKEBET. FOND AVG").
 */
export type NordnetKind =
  | 'buy'
  | 'sell'
  | 'dividend'
  | 'splitOut'
  | 'splitIn'
  /** A merger, exchange or ticker change: the old security out, the new one in (paired per day). */
  | 'exchangeOut'
  | 'exchangeIn'
  /** Shares in at the cost the row states (0 when none): rights issue, subscription, bonus or dividend shares. */
  | 'sharesIn'
  /** Capital returned on shares held (reduces their cost). */
  | 'capitalReturn'
  /**
   * Issue 37: shares taken out by a cancellation ("SLETTING UTTAK VP", "POISTO") or rights used
   * up ("TEGNING UTTAK RETTER"): out at 0, or a sale at the amount of a cash leg that pays for them.
   */
  | 'sharesOut'
  /** Issue 37: shares taken out by a compulsory redemption ("INNLØSN. UTTAK VP"): a sale at its cash leg's amount. */
  | 'redemptionOut'
  /** Issue 37: the cash a redemption or cancellation pays ("INNL. VP LIKVID", "SLETTING DESIM. LIKV"). */
  | 'redemptionCash'
  /** Issue 37: an issue's shares without a leg word ("EMISSION OVERF. VP"): in when Antall is positive. */
  | 'sharesBySign'
  | 'deposit'
  | 'withdrawal'
  | 'interest'
  | 'fee'
  /** Money earned on the account (share lending, compensation): income, kept as interest. */
  | 'income'
  /** Tax withheld on a dividend (attached to it). */
  | 'withholding'
  /** Rows that change neither a holding nor the cash here (subscription rights, cancellations). */
  | 'ignored'
  | 'unknown';

const BUY = new Set(['KJØPT', 'KJØP', 'KÖPT', 'KÖP', 'KØBT', 'KØB', 'OSTO']);
const SELL = new Set(['SOLGT', 'SALG', 'SÅLT', 'SÄLJ', 'MYYNTI']);
const DIVIDEND = new Set(['UTBYTTE', 'UTDELNING', 'UDBYTTE', 'OSINKO']);
const DEPOSIT = new Set([
  'INNSKUDD',
  'INNSKUDD KONTANTER',
  'OVERFØRING VIA TRUSTLY',
  'PREMIEINNBETALING',
  'TILBAKEBET. FOND AVG',
  'ERSTATNING',
  'INSÄTTNING',
  'PREMIEINBETALNING',
  'INDBETALING',
  'INDSÆTNING',
  'INDSÆTTELSE',
  'ERSÄTTNING',
  'TALLETUS',
  // Issue 37: the words of real files (Danish deposit; an insurance account's credit).
  'INS. KREDIT',
]);
const WITHDRAWAL = new Set([
  'UTTAK',
  'UTTAK INTERNET',
  'UTTAG',
  'UTTAG INTERNET',
  'HÆVNING',
  'UDBETALING',
  'NOSTO',
  // Issue 37: Norwegian "payment out" of the account (a withdrawal).
  'UTBETALING',
]);
const INTEREST = new Set([
  'RENTE',
  'KREDITRENTE',
  'INNSKUDDSRENTE',
  'RÄNTA',
  'KREDITRÄNTA',
  'RENTER',
  'KORKO',
  // Issue 37: Danish deposit interest, Swedish capital-account interest (credit or debit: the
  // sign of Beløp decides, see cashEventBySign).
  'DEPOTRENTE',
  'KAP RÄNTA',
  'KAP. DEB RÄNTA',
  'KAP ÖVERBEL.RÄNTA',
]);
/** Issue 37: money earned on the account other than interest (share lending payouts, compensation). */
const INCOME = new Set(['UTBETALING AKSJEUTLÅN']);
const FEE = new Set([
  'AVGIFT',
  'PLATTFORMAVGIFT',
  'DEPOTAVGIFT',
  'DEBETRENTE',
  'OVERBELÅNINGSRENTE',
  'AVGIFT KORR',
  'DEBETRÄNTA',
  'AVGIFT DEPÅ',
  'GEBYR',
  'DEBETRENTE',
  'GEBYR DEPOT',
  'MAKSU',
  'VELKAKORKO',
  // Issue 37: a pension or insurance account's cost of insurance.
  'FORSIKRINGSKOSTNAD',
]);
const WITHHOLDING = new Set([
  'KUPONGSKATT',
  'UTBYTTESKATT',
  'UTENLANDSK KILDESKATT',
  'KILDESKATT',
  'UTL KUPSKATT',
  'UTLÄNDSK KÄLLSKATT',
  'KUPONGSKAT',
  'UDBYTTESKAT',
  'LÄHDEVERO',
  'ENNAKKOPIDÄTYS',
]);
/** Capital returned (not "TILBAKEBET. FOND AVG", a fund fee refunded, which is a deposit). */
const CAPITAL_RETURN =
  /^(TILBAKEBETALING|ÅTERBETALNING|TILBAGEBETALING|PÄÄOMANPALAUTUS|KAPITALTILBAKEBETALING)(\s|$)/;
/** A leg: the old quantity out, or the new quantity in. */
const LEG_OUT = /(^|\s)(UTTAK|UTTAG|UDTAG|OTTO)(?=\s|$)/;
const LEG_IN = /(^|\s)(INNLEGG|INLÄGG|INDLÆG|JÄTTÖ|INNL\.)(?=\s|$)/;
const SPLIT_WORD = /^(MAK )?SPLITT?(\s|$)/;
const EXCHANGE_WORD = /^(BYTTE|BYTE|OMBYTNING|OMBYTTE|OMVANDLING|VAIHTO|KONVERTERING)(\s|$)/;
/** Shares put in at a stated cost: rights issue, subscription, allotment, bonus and dividend shares. */
const SHARES_IN_WORD =
  /^(EMISJON|EMISSION|EMISSIO|EM|TILD\.|TEGNING|TECKNING|TILDELING|TILLDELNING|TILDELNING|FONDSEMISJON|FONDEMISSION|MERKINTÄ|ANTI|UTBYTTE|UTDELNING|UDBYTTE|OSINKO)(\s|$)/;
/**
 * The leg that names subscription rights ("... RETTER", "TILDELING INNLEGG RE"). Issue 37: rights
 * are held like shares, in at 0 and out at 0 (used in a subscription), so a sale of rights has a holding.
 */
const RIGHTS = /(\s|^)(RE|RETTER|RÄTTER|RETTIGHETER|TR|BTA)$/;
/** Issue 37: a compulsory redemption (Norwegian, Danish, Swedish, Finnish). */
const REDEMPTION_WORD = /^(INNLØSN\.?|INNLØSNING|INDLØSN\.?|INDLØSNING|INLÖSEN|INLÖSN\.?|LUNASTUS)(\s|$)/;
/** Issue 37: securities deleted (a reorganisation, fractions): "SLETTING UTTAK VP", "SLETTING DESIM. UTTA", "POISTO". */
const CANCELLATION_WORD = /^(SLETTING|SLETNING|STRYKNING|AVREGISTRERING|POISTO)(\s|$)/;
/** Issue 37: the cash leg of a redemption or cancellation ("INNL. VP LIKVID", "SLETTING DESIM. LIKV"). */
const REDEMPTION_CASH =
  /^(INNL\.|INDL\.|INLÖS\.|INNLØSN\.?|INNLØSNING|INDLØSN\.?|INDLØSNING|INLÖSEN|SLETTING|SLETNING|POISTO|LUNASTUS)\s(.*\s)?(LIKVID|LIKV\.?)$/;

/** The kind of a normalised Transaksjonstype. */
export function classifyNordnetType(type: string): NordnetKind {
  if (/^MAK(\s|$)/.test(type)) return 'ignored';
  if (BUY.has(type)) return 'buy';
  if (SELL.has(type)) return 'sell';
  if (DIVIDEND.has(type)) return 'dividend';
  if (DEPOSIT.has(type)) return 'deposit';
  if (WITHDRAWAL.has(type)) return 'withdrawal';
  if (INTEREST.has(type)) return 'interest';
  if (FEE.has(type)) return 'fee';
  if (INCOME.has(type)) return 'income';
  if (WITHHOLDING.has(type)) return 'withholding';
  if (CAPITAL_RETURN.test(type)) return 'capitalReturn';
  const out = LEG_OUT.test(type);
  const inn = LEG_IN.test(type);
  if (REDEMPTION_CASH.test(type)) return 'redemptionCash';
  if (REDEMPTION_WORD.test(type)) return inn ? 'unknown' : 'redemptionOut';
  if (CANCELLATION_WORD.test(type)) return inn ? 'unknown' : 'sharesOut';
  if (SPLIT_WORD.test(type)) return out ? 'splitOut' : inn ? 'splitIn' : 'unknown';
  if (EXCHANGE_WORD.test(type)) return out ? 'exchangeOut' : inn ? 'exchangeIn' : 'unknown';
  if (SHARES_IN_WORD.test(type)) {
    // Rights in at 0, rights out (used in a subscription) at 0.
    if (RIGHTS.test(type)) return inn ? 'sharesIn' : out ? 'sharesOut' : 'sharesBySign';
    if (inn) return 'sharesIn';
    // "EMISJON UTTAK VP": the interim shares used up.
    if (out) return 'ignored';
    return 'sharesBySign';
  }
  return 'unknown';
}
