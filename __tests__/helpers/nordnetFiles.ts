/**
 * Nordnet transaction exports in the broker's real layout, for import tests and the import bench:
 * the 30 columns of "Transaksjoner og notater" (five of them "Valuta", each after its amount), in
 * Norwegian, Swedish, Danish or Finnish, tab- or semicolon-separated, decimal comma, no-break-space
 * thousands, the ticker code in Verdipapir next to the ISIN, newest row first, encoded as Nordnet
 * writes it (UTF-16LE with a BOM) or as a spreadsheet re-saves it (Windows-1252, UTF-8).
 */

export type NordnetLanguage = 'nb' | 'sv' | 'da' | 'fi';

/** The export's header row per language (same columns in the same order). */
export const NORDNET_HEADERS: Record<NordnetLanguage, readonly string[]> = {
  nb: [
    'Id',
    'Bokføringsdag',
    'Handelsdag',
    'Oppgjørsdag',
    'Portefølje',
    'Transaksjonstype',
    'Verdipapir',
    'ISIN',
    'Antall',
    'Kurs',
    'Rente',
    'Totale Avgifter',
    'Valuta',
    'Beløp',
    'Valuta',
    'Kjøpsverdi',
    'Valuta',
    'Resultat',
    'Valuta',
    'Totalt antall',
    'Saldo',
    'Vekslingskurs',
    'Transaksjonstekst',
    'Makuleringsdato',
    'Sluttseddelnummer',
    'Verifikationsnummer',
    'Kurtasje',
    'Valuta',
    'Valutakurs',
    'Innledende rente',
  ],
  sv: [
    'Id',
    'Bokföringsdag',
    'Affärsdag',
    'Likviddag',
    'Depå',
    'Transaktionstyp',
    'Värdepapper',
    'ISIN',
    'Antal',
    'Kurs',
    'Ränta',
    'Totala Avgifter',
    'Valuta',
    'Belopp',
    'Valuta',
    'Inköpsvärde',
    'Valuta',
    'Resultat',
    'Valuta',
    'Totalt antal',
    'Saldo',
    'Växlingskurs',
    'Transaktionstext',
    'Makuleringsdatum',
    'Notanummer',
    'Verifikationsnummer',
    'Courtage',
    'Valuta',
    'Referensvalutakurs',
    'Initial låneränta',
  ],
  da: [
    'Id',
    'Bogføringsdag',
    'Handelsdag',
    'Valørdag',
    'Depot',
    'Transaktionstype',
    'Værdipapirer',
    'ISIN',
    'Antal',
    'Kurs',
    'Rente',
    'Samlede afgifter',
    'Valuta',
    'Beløb',
    'Valuta',
    'Indkøbsværdi',
    'Valuta',
    'Resultat',
    'Valuta',
    'Totalt antal',
    'Saldo',
    'Vekselkurs',
    'Transaktionstekst',
    'Annulleringsdato',
    'Notanummer',
    'Verifikationsnummer',
    'Kurtage',
    'Valuta',
    'Valutakurs',
    'Indledende rente',
  ],
  fi: [
    'Id',
    'Kirjauspäivä',
    'Kauppapäivä',
    'Maksupäivä',
    'Salkku',
    'Tapahtumatyyppi',
    'Arvopaperi',
    'ISIN',
    'Määrä',
    'Kurssi',
    'Korko',
    'Kokonaiskulut',
    'Valuutta',
    'Summa',
    'Valuutta',
    'Hankinta-arvo',
    'Valuutta',
    'Tulos',
    'Valuutta',
    'Kokonaismäärä',
    'Saldo',
    'Vaihtokurssi',
    'Tapahtumateksti',
    'Mitätöintipäivä',
    'Laskelma',
    'Vahvistusnumero',
    'Välityspalkkio',
    'Valuutta',
    'Viitevaluuttakurssi',
    'Alkuperäinen korko',
  ],
};

export type NordnetKind = 'buy' | 'sell' | 'dividend' | 'splitOut' | 'splitIn' | 'deposit';

/** Transaksjonstype per language. */
export const NORDNET_TYPES: Record<NordnetLanguage, Record<NordnetKind, string>> = {
  nb: {
    buy: 'KJØPT',
    sell: 'SALG',
    dividend: 'UTBYTTE',
    splitOut: 'SPLITT UTTAK VP',
    splitIn: 'SPLITT INNLEGG VP',
    deposit: 'INNSKUDD',
  },
  sv: {
    buy: 'KÖPT',
    sell: 'SÅLT',
    dividend: 'UTDELNING',
    splitOut: 'SPLIT UTTAG VP',
    splitIn: 'SPLIT INLÄGG VP',
    deposit: 'INSÄTTNING',
  },
  da: {
    buy: 'KØBT',
    sell: 'SOLGT',
    dividend: 'UDBYTTE',
    splitOut: 'SPLIT UDTAG VP',
    splitIn: 'SPLIT INDLÆG VP',
    deposit: 'INDBETALING',
  },
  fi: {
    buy: 'OSTO',
    sell: 'MYYNTI',
    dividend: 'OSINKO',
    splitOut: 'SPLIT OTTO AP',
    splitIn: 'SPLIT JÄTTÖ AP',
    deposit: 'TALLETUS',
  },
};

export interface NordnetRow {
  id: string;
  date: string;
  kind: NordnetKind;
  /** Verdipapir: Nordnet writes the ticker code (EQNR). */
  security?: string;
  isin?: string;
  quantity?: string;
  price?: string;
  fees?: string;
  currency?: string;
  amount?: string;
  text?: string;
}

export interface NordnetFileOptions {
  language?: NordnetLanguage;
  separator?: '\t' | ';';
  encoding?: 'utf16le' | 'windows-1252' | 'utf8';
  portfolio?: string;
}

/** One row's 30 cells in header order. */
function cells(row: NordnetRow, language: NordnetLanguage, portfolio: string): string[] {
  const c = Array<string>(30).fill('');
  c[0] = row.id;
  c[1] = row.date;
  c[2] = row.date;
  c[3] = row.date;
  c[4] = portfolio;
  c[5] = NORDNET_TYPES[language][row.kind];
  c[6] = row.security ?? '';
  c[7] = row.isin ?? '';
  c[8] = row.quantity ?? '';
  c[9] = row.price ?? '';
  c[11] = row.fees ?? '';
  c[12] = row.fees ? (row.currency ?? '') : '';
  c[13] = row.amount ?? '';
  c[14] = row.amount ? (row.currency ?? '') : '';
  c[22] = row.text ?? '';
  c[24] = row.kind === 'deposit' ? '' : `55${row.id}`;
  c[25] = `9${row.id}`;
  c[26] = row.fees ?? '';
  c[27] = row.fees ? (row.currency ?? '') : '';
  return c;
}

/** The file's bytes (rows are written in the order given: pass them newest first, as Nordnet does). */
export function nordnetFile(rows: readonly NordnetRow[], options: NordnetFileOptions = {}): Buffer {
  const language = options.language ?? 'nb';
  const separator = options.separator ?? '\t';
  const lines = [
    NORDNET_HEADERS[language].join(separator),
    ...rows.map((r) => cells(r, language, options.portfolio ?? '12345678').join(separator)),
  ];
  const text = `${lines.join('\r\n')}\r\n`;
  switch (options.encoding ?? 'utf16le') {
    case 'utf16le':
      return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    case 'windows-1252':
      // Latin-1 and Windows-1252 agree on every letter these files use (æ ø å ä ö Æ Ø Å Ä Ö).
      return Buffer.from(text, 'latin1');
    case 'utf8':
      return Buffer.from(text, 'utf8');
  }
}

/** `n` split rows (n / 2 UTTAK/INNLEGG pairs, 100 → 200), every pair on its own date: the old quadratic worst case. */
export function splitRowsFile(n: number, security = 'EQNR', isin = 'NO0010096985'): Buffer {
  const rows: NordnetRow[] = [];
  const start = Date.UTC(1990, 0, 1);
  for (let i = n / 2 - 1; i >= 0; i--) {
    const date = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    rows.push({ id: String(2 * i + 2), date, kind: 'splitIn', security, isin, quantity: '200' });
    rows.push({ id: String(2 * i + 1), date, kind: 'splitOut', security, isin, quantity: '100' });
  }
  return nordnetFile(rows, { encoding: 'utf8', separator: ';' });
}
