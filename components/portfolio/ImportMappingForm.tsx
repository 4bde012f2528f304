import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'next-i18next/pages';
import {
  DATE_FORMATS,
  MAPPED_FIELDS,
  MAPPED_KINDS,
  POSITIONAL_COLUMN,
  TEMPLATE_PATH,
  type DateFormat,
  type ImportMapping,
  type MappedField,
  type MappedKind,
} from '@/lib/schemas/importMapping';

/** The mapping as the dialog edits it: '' is "not mapped". */
export interface MappingDraft {
  columns: Record<MappedField, string>;
  decimal: 'comma' | 'point';
  /** The file's date format, chosen explicitly (`auto` refuses a date that could be either order). */
  dateFormat: DateFormat;
  /** Kind per type word of the file (the word as the file writes it). */
  types: Record<string, MappedKind | ''>;
  /** A preset's or saved mapping's prefix words ("Koop *"), kept as they are. */
  patterns: { word: string; kind: MappedKind }[];
  /** A preset's or saved mapping's fee currency rule (DEGIRO, Avanza), kept as it is. */
  feeCurrency?: ImportMapping['feeCurrency'];
}

/** How a column is named in the mapping: its header, or `#N` when the header cell is empty. */
export const columnRef = (header: string, index: number) => (header.trim() === '' ? `#${index + 1}` : header);

/** The index of a column reference in the header (by name, else by position); -1 when none. */
export function columnIndex(headers: string[], ref: string): number {
  if (ref === '') return -1;
  const byName = headers.findIndex((h) => h.trim().toLowerCase() === ref.trim().toLowerCase());
  if (byName >= 0) return byName;
  const position = POSITIONAL_COLUMN.exec(ref.trim());
  return position && Number(position[1]) <= headers.length ? Number(position[1]) - 1 : -1;
}

/** A type word's kind under a mapping's words: the exact word, else the longest `prefix*` it starts with. */
function kindIn(types: ImportMapping['types'], word: string): MappedKind | undefined {
  const w = word.trim().toUpperCase();
  const exact = types.find((t) => t.word.trim().toUpperCase() === w);
  if (exact) return exact.kind;
  return types
    .filter((t) => t.word.endsWith('*') && w.startsWith(t.word.slice(0, -1).trim().toUpperCase()))
    .sort((a, b) => b.word.length - a.word.length)[0]?.kind;
}

/** Header names the dialog recognises on its own (lower case), per field: nb, sv, da and en. */
const GUESS: Record<MappedField, string[]> = {
  date: ['date', 'dato', 'datum', 'trade date', 'handelsdag', 'handelsdato', 'bokføringsdag'],
  type: ['type', 'action', 'transaksjonstype', 'transaction type', 'transaktionstyp', 'activity'],
  security: ['isin', 'security', 'symbol', 'ticker', 'verdipapir', 'værdipapir', 'värdepapper', 'instrument'],
  quantity: ['quantity', 'antall', 'antal', 'shares', 'qty', 'number of shares'],
  price: ['price', 'kurs', 'pris', 'price per share'],
  fee: ['fee', 'fees', 'commission', 'kurtasje', 'courtage', 'kurtage', 'gebyr', 'totale avgifter'],
  currency: ['currency', 'valuta'],
  amount: ['amount', 'beløp', 'belopp', 'beløb', 'net amount', 'total'],
  id: ['id', 'trade id', 'transaction id', 'verifikationsnummer'],
};

const lower = (s: string) => s.trim().toLowerCase();

/**
 * A draft for a file: the saved mapping's choices where they fit the file, else columns guessed by
 * name. Without a saved choice the decimal separator follows the file's cell separator: a
 * comma-separated file writes its decimals with a point (a decimal comma would split the cell),
 * a semicolon or tab file is taken to use the Norwegian decimal comma.
 */
export function draftFor(
  headers: string[],
  words: string[],
  saved: ImportMapping | null,
  delimiter?: string,
): MappingDraft {
  const has = (name: string | null | undefined) => {
    const index = name ? columnIndex(headers, name) : -1;
    return index < 0 ? '' : columnRef(headers[index], index);
  };
  const columns = {} as Record<MappedField, string>;
  for (const field of MAPPED_FIELDS) {
    const fromSaved = has(saved?.columns[field]);
    columns[field] = fromSaved || (headers.find((h) => GUESS[field].includes(lower(h))) ?? '');
  }
  const types: Record<string, MappedKind | ''> = {};
  for (const word of words) {
    const known =
      kindIn(saved?.types ?? [], word) ?? (MAPPED_KINDS as readonly string[]).find((k) => k === lower(word));
    types[word] = (known as MappedKind | undefined) ?? '';
  }
  return {
    columns,
    decimal: saved?.decimal ?? (delimiter === ',' ? 'point' : 'comma'),
    // A saved mapping from before the explicit format read slash dates in its dateOrder.
    dateFormat: saved ? (saved.dateFormat ?? saved.dateOrder) : 'auto',
    types,
    patterns: (saved?.types ?? []).filter((t) => t.word.endsWith('*')),
    ...(saved?.feeCurrency ? { feeCurrency: saved.feeCurrency } : {}),
  };
}

/** The draft as the API's mapping; unmapped type words are left out (their rows come back for review). */
export function mappingOf(draft: MappingDraft): ImportMapping {
  const column = (f: MappedField) => draft.columns[f] || null;
  // The file's words the prefix words already give the same meaning are not repeated (a mapping
  // keeps at most 100 words; DEGIRO writes one "Koop 6 @ 132,37 USD" per trade).
  const words = Object.entries(draft.types).flatMap(([word, kind]) =>
    kind === '' || kindIn(draft.patterns, word) === kind ? [] : [{ word, kind }],
  );
  return {
    columns: {
      date: draft.columns.date,
      type: column('type'),
      security: column('security'),
      quantity: column('quantity'),
      price: column('price'),
      fee: column('fee'),
      currency: column('currency'),
      amount: column('amount'),
      id: column('id'),
    },
    decimal: draft.decimal,
    dateOrder: draft.dateFormat === 'mdy' ? 'mdy' : 'dmy',
    dateFormat: draft.dateFormat,
    types: [...draft.patterns, ...words],
    ...(draft.feeCurrency ? { feeCurrency: draft.feeCurrency } : {}),
  };
}

/**
 * The mapping step of the import dialog: which column holds what, the number and date style, and
 * what each type word of the file means. `errors` are the server's, by path (`mapping.columns.price`).
 */
export default function ImportMappingForm({
  idPrefix,
  headers,
  draft,
  onChange,
  errors,
  disabled,
}: {
  idPrefix: string;
  headers: string[];
  draft: MappingDraft;
  onChange(next: MappingDraft): void;
  errors: Record<string, string>;
  disabled: boolean;
}) {
  const { t } = useTranslation(['portfolio', 'brokerImport']);
  const words = Object.keys(draft.types);
  const required = (f: MappedField) => f === 'date';
  return (
    <fieldset className="mb-3" disabled={disabled}>
      <legend className="h6">{t('import.mapped.columnsTitle')}</legend>
      <p className="small text-body-secondary">
        {t('import.mapped.columnsIntro')}{' '}
        <a href={TEMPLATE_PATH} download>
          {t('import.mapped.template')}
        </a>
      </p>
      <Row xs={1} md={3} className="g-2 mb-3">
        {MAPPED_FIELDS.map((field) => {
          const error = errors[`mapping.columns.${field}`];
          return (
            <Col key={field}>
              <Form.Group controlId={`${idPrefix}-col-${field}`}>
                <Form.Label className="small mb-1">
                  {t(`import.mapped.fields.${field}`)}
                  {required(field) ? ' *' : ''}
                </Form.Label>
                <Form.Select
                  size="sm"
                  value={draft.columns[field]}
                  isInvalid={error !== undefined}
                  aria-invalid={error !== undefined}
                  aria-describedby={
                    [
                      error ? `${idPrefix}-col-${field}-error` : '',
                      field === 'type' ? `${idPrefix}-col-type-help` : '',
                    ]
                      .filter(Boolean)
                      .join(' ') || undefined
                  }
                  required={required(field)}
                  onChange={(e) =>
                    onChange({ ...draft, columns: { ...draft.columns, [field]: e.target.value } })
                  }
                >
                  <option value="">{t('import.mapped.none')}</option>
                  {headers.map((h, i) => (
                    <option key={`${h}-${i}`} value={columnRef(h, i)}>
                      {h.trim() === '' ? t('brokerImport:unnamedColumn', { position: i + 1 }) : h}
                    </option>
                  ))}
                </Form.Select>
                {field === 'type' && (
                  <Form.Text id={`${idPrefix}-col-type-help`}>{t('brokerImport:typeHelp')}</Form.Text>
                )}
                {error && (
                  <Form.Control.Feedback type="invalid" id={`${idPrefix}-col-${field}-error`}>
                    {error}
                  </Form.Control.Feedback>
                )}
              </Form.Group>
            </Col>
          );
        })}
      </Row>
      <Row xs={1} md={2} className="g-2 mb-3">
        <Col>
          <Form.Group controlId={`${idPrefix}-decimal`}>
            <Form.Label className="small mb-1">{t('import.mapped.decimal')}</Form.Label>
            <Form.Select
              size="sm"
              value={draft.decimal}
              isInvalid={errors['mapping.decimal'] !== undefined}
              aria-invalid={errors['mapping.decimal'] !== undefined}
              onChange={(e) =>
                onChange({ ...draft, decimal: e.target.value === 'point' ? 'point' : 'comma' })
              }
            >
              <option value="comma">{t('import.mapped.decimalComma')}</option>
              <option value="point">{t('import.mapped.decimalPoint')}</option>
            </Form.Select>
            {errors['mapping.decimal'] && (
              <Form.Control.Feedback type="invalid">{errors['mapping.decimal']}</Form.Control.Feedback>
            )}
          </Form.Group>
        </Col>
        <Col>
          <Form.Group controlId={`${idPrefix}-dates`}>
            <Form.Label className="small mb-1">{t('brokerImport:dateFormat')}</Form.Label>
            <Form.Select
              size="sm"
              value={draft.dateFormat}
              aria-describedby={`${idPrefix}-dates-help`}
              onChange={(e) => {
                const format = DATE_FORMATS.find((f) => f === e.target.value) ?? 'auto';
                onChange({ ...draft, dateFormat: format });
              }}
            >
              {DATE_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {t(`brokerImport:dateFormats.${format}`)}
                </option>
              ))}
            </Form.Select>
            <Form.Text id={`${idPrefix}-dates-help`}>{t('brokerImport:dateFormatHelp')}</Form.Text>
          </Form.Group>
        </Col>
      </Row>
      {draft.columns.type === '' ? null : words.length === 0 ? (
        <p className="small text-body-secondary">{t('import.mapped.noWords')}</p>
      ) : (
        <Table size="sm" className="mb-0">
          <caption className="caption-top small">{t('import.mapped.wordsTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('import.mapped.word')}</th>
              <th scope="col">{t('import.mapped.kind')}</th>
            </tr>
          </thead>
          <tbody>
            {words.map((word) => (
              <tr key={word}>
                <td>{word}</td>
                <td>
                  <Form.Select
                    size="sm"
                    aria-label={t('import.mapped.kindFor', { word })}
                    value={draft.types[word]}
                    onChange={(e) =>
                      onChange({
                        ...draft,
                        types: { ...draft.types, [word]: e.target.value as MappedKind | '' },
                      })
                    }
                  >
                    <option value="">{t('import.mapped.review')}</option>
                    {MAPPED_KINDS.map((kind) => (
                      <option key={kind} value={kind}>
                        {t(`import.mapped.kinds.${kind}`)}
                      </option>
                    ))}
                  </Form.Select>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </fieldset>
  );
}
