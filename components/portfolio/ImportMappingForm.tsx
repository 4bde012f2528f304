import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'next-i18next/pages';
import {
  MAPPED_FIELDS,
  MAPPED_KINDS,
  TEMPLATE_PATH,
  type ImportMapping,
  type MappedField,
  type MappedKind,
} from '@/lib/schemas/importMapping';

/** The mapping as the dialog edits it: '' is "not mapped". */
export interface MappingDraft {
  columns: Record<MappedField, string>;
  decimal: 'comma' | 'point';
  dateOrder: 'dmy' | 'mdy';
  /** Kind per type word of the file (the word as the file writes it). */
  types: Record<string, MappedKind | ''>;
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
  const has = (name: string | null | undefined) =>
    name ? (headers.find((h) => lower(h) === lower(name)) ?? '') : '';
  const columns = {} as Record<MappedField, string>;
  for (const field of MAPPED_FIELDS) {
    const fromSaved = has(saved?.columns[field]);
    columns[field] = fromSaved || (headers.find((h) => GUESS[field].includes(lower(h))) ?? '');
  }
  const savedKinds = new Map((saved?.types ?? []).map((t) => [lower(t.word), t.kind]));
  const types: Record<string, MappedKind | ''> = {};
  for (const word of words) {
    const known =
      savedKinds.get(lower(word)) ?? (MAPPED_KINDS as readonly string[]).find((k) => k === lower(word));
    types[word] = (known as MappedKind | undefined) ?? '';
  }
  return {
    columns,
    decimal: saved?.decimal ?? (delimiter === ',' ? 'point' : 'comma'),
    dateOrder: saved?.dateOrder ?? 'dmy',
    types,
  };
}

/** The draft as the API's mapping; unmapped type words are left out (their rows come back for review). */
export function mappingOf(draft: MappingDraft): ImportMapping {
  const column = (f: MappedField) => draft.columns[f] || null;
  return {
    columns: {
      date: draft.columns.date,
      type: draft.columns.type,
      security: column('security'),
      quantity: column('quantity'),
      price: column('price'),
      fee: column('fee'),
      currency: column('currency'),
      amount: column('amount'),
      id: column('id'),
    },
    decimal: draft.decimal,
    dateOrder: draft.dateOrder,
    types: Object.entries(draft.types).flatMap(([word, kind]) => (kind === '' ? [] : [{ word, kind }])),
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
  const { t } = useTranslation('portfolio');
  const words = Object.keys(draft.types);
  const required = (f: MappedField) => f === 'date' || f === 'type';
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
                  aria-describedby={error ? `${idPrefix}-col-${field}-error` : undefined}
                  required={required(field)}
                  onChange={(e) =>
                    onChange({ ...draft, columns: { ...draft.columns, [field]: e.target.value } })
                  }
                >
                  <option value="">{t('import.mapped.none')}</option>
                  {headers.map((h, i) => (
                    <option key={`${h}-${i}`} value={h}>
                      {h}
                    </option>
                  ))}
                </Form.Select>
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
            <Form.Label className="small mb-1">{t('import.mapped.dateOrder')}</Form.Label>
            <Form.Select
              size="sm"
              value={draft.dateOrder}
              onChange={(e) => onChange({ ...draft, dateOrder: e.target.value === 'mdy' ? 'mdy' : 'dmy' })}
            >
              <option value="dmy">{t('import.mapped.dmy')}</option>
              <option value="mdy">{t('import.mapped.mdy')}</option>
            </Form.Select>
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
