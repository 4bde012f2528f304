import { useEffect, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { notify } from '@/components/common/notify';
import { useTranslation } from 'next-i18next/pages';
import { formatDate, formatNumber } from '@/lib/format';
import { IMPORT_MAX_BYTES } from '@/lib/schemas/portfolio';
import type { ImportResultDto } from '@/lib/types/portfolio';
import { usePortfolioStore } from '@/stores/usePortfolioStore';
import { distinctWords, peekCsv, type CsvPeek } from '@/lib/csvPeek';
import type { SavedImportMappingDto } from '@/lib/schemas/importMapping';
import { portfolioService } from '@/services/portfolioService';
import ImportMappingForm, { draftFor, mappingOf, type MappingDraft } from './ImportMappingForm';
import { busyText, importErrorText } from './importErrorText';

type Phase = 'choose' | 'mapping' | 'previewing' | 'preview' | 'importing';
type Source = 'nordnet' | 'mapped';

/**
 * Nordnet import, or any broker's CSV through a mapping (columns, number and date style, type
 * words; saved per broker name, so the next file is one click). Choosing a Nordnet file runs a dry
 * run that shows what would be imported and every line
 * that cannot be used, with its reason; "Import" then writes all of it or nothing.
 */
export default function ImportDialog({ show, onHide }: { show: boolean; onHide(): void }) {
  const id = useId();
  return (
    <Modal show={show} onHide={onHide} size="xl" centered scrollable aria-labelledby={`${id}-title`}>
      {/* Mounted per opening: every opening starts without a file. */}
      {show && <ImportBody titleId={`${id}-title`} onHide={onHide} />}
    </Modal>
  );
}

/** A file's bytes (FileReader: Blob.arrayBuffer is missing in some browsers and in jsdom). */
function readBytes(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file);
  });
}

function ImportBody({ titleId, onHide }: { titleId: string; onHide(): void }) {
  const { t, i18n } = useTranslation('portfolio');
  const locale = i18n.language;
  const id = useId();
  const importFile = usePortfolioStore((s) => s.importFile);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('choose');
  const [preview, setPreview] = useState<ImportResultDto | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** Costs typed for review rows, by line; a row with a valid cost is accepted. */
  const [costs, setCosts] = useState<Record<number, string>>({});
  const [source, setSource] = useState<Source>('nordnet');
  const [broker, setBroker] = useState('');
  const [saved, setSaved] = useState<SavedImportMappingDto[]>([]);
  const [peek, setPeek] = useState<CsvPeek | null>(null);
  const [draft, setDraft] = useState<MappingDraft | null>(null);
  /** The server's field problems (`broker`, `mapping.columns.price`, ...), shown next to the field. */
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    let live = true;
    // Saved mappings only help: without them every field is still mapped by hand.
    portfolioService.listImportMappings().then(
      (list) => live && setSaved(list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const savedFor = (name: string) =>
    saved.find((m) => m.broker.trim().toLowerCase() === name.trim().toLowerCase())?.mapping ?? null;
  const wordsOf = (typeColumn: string, p = peek) =>
    p === null || typeColumn === '' ? [] : distinctWords(p.rows, p.headers.indexOf(typeColumn));
  function changeDraft(next: MappingDraft) {
    // A new type column: its words, each keeping the kind it had.
    if (draft && next.columns.type !== draft.columns.type) {
      const types: MappingDraft['types'] = {};
      for (const w of wordsOf(next.columns.type)) types[w] = next.types[w] ?? '';
      next = { ...next, types };
    }
    setDraft(next);
    // The preview was of the old mapping: preview again before importing.
    setPreview(null);
    if (phase === 'preview') setPhase('mapping');
  }
  const costOk = (v: string) => /^\d{1,15}([.,]\d{1,10})?$/.test(v.trim());
  const accepted = (): Map<number, string> =>
    new Map(
      Object.entries(costs)
        .filter(([, v]) => costOk(v))
        .map(([line, v]): [number, string] => [Number(line), v.trim().replace(',', '.')]),
    );

  const tooLarge = t('portfolioIntegrity:import.tooLarge', { max: IMPORT_MAX_BYTES / (1024 * 1024) });

  function describeFailure(err: unknown): string {
    const e = err as {
      status?: number;
      code?: string;
      message?: string;
      details?: { line?: number; rows?: number; max?: number };
    };
    if (e.status === 413 && e.code === 'IMPORT_TOO_MANY_ROWS') {
      return t('portfolioIntegrity:import.tooManyRows', {
        count: formatNumber(e.details?.rows ?? 0, locale, 0),
        max: formatNumber(e.details?.max ?? 0, locale, 0),
      });
    }
    if (e.status === 413) return tooLarge;
    if (e.status === 409)
      return busyText(t, e.code) ?? t('import.conflict', { line: e.details?.line ?? '?' });
    if (e.status === 400 && Array.isArray(e.details)) {
      // Field problems go next to their field; the alert says to look there.
      const byPath: Record<string, string> = {};
      for (const d of e.details as { path?: string; message?: string }[])
        if (d.path) byPath[d.path] = d.message ?? '';
      setFieldErrors(byPath);
      return t('import.mapped.fixFields');
    }
    return t('import.failed');
  }

  async function previewMapped() {
    if (!file || !draft) return;
    setFieldErrors({});
    setFailure(null);
    if (broker.trim() === '') {
      setFieldErrors({ broker: t('import.mapped.brokerRequired') });
      return;
    }
    setPhase('previewing');
    try {
      setPreview(await importFile(file, true, undefined, { broker, mapping: mappingOf(draft) }));
      setPhase('preview');
    } catch (err) {
      setFailure(describeFailure(err));
      setPhase('mapping');
    }
  }

  async function choose(next: File | null) {
    setFile(next);
    setPreview(null);
    setFailure(null);
    if (!next) return;
    if (next.size > IMPORT_MAX_BYTES) {
      setFailure(tooLarge);
      return;
    }
    if (source === 'mapped') {
      try {
        const p = peekCsv(await readBytes(next));
        setPeek(p);
        const mapping = savedFor(broker);
        const first = draftFor(p.headers, [], mapping);
        setDraft(draftFor(p.headers, wordsOf(first.columns.type, p), mapping, p.delimiter));
        setFieldErrors({});
        setPhase('mapping');
      } catch {
        setFailure(t('import.failed'));
      }
      return;
    }
    setPhase('previewing');
    try {
      setPreview(await importFile(next, true));
      setPhase('preview');
    } catch (err) {
      setFailure(describeFailure(err));
      setPhase('choose');
    }
  }

  async function runImport() {
    if (!file) return;
    setPhase('importing');
    setFailure(null);
    try {
      const mapped = source === 'mapped' && draft ? { broker, mapping: mappingOf(draft) } : undefined;
      const result = await importFile(file, false, accepted(), mapped);
      notify.success(t('import.imported', { count: result.imported }));
      onHide();
    } catch (err) {
      setFailure(describeFailure(err));
      setPhase('preview');
    }
  }

  const canImport = phase === 'preview' && preview !== null && (preview.imported > 0 || accepted().size > 0);
  return (
    <>
      <Modal.Header closeButton closeLabel={t('actions.close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t('import.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form.Group controlId={`${id}-source`} className="mb-3">
          <Form.Label>{t('import.mapped.source')}</Form.Label>
          <Form.Select
            value={source}
            disabled={phase === 'previewing' || phase === 'importing'}
            onChange={(e) => {
              setSource(e.target.value === 'mapped' ? 'mapped' : 'nordnet');
              setFile(null);
              setPreview(null);
              setPeek(null);
              setDraft(null);
              setFailure(null);
              setFieldErrors({});
              setPhase('choose');
            }}
          >
            <option value="nordnet">{t('import.mapped.sourceNordnet')}</option>
            <option value="mapped">{t('import.mapped.sourceOther')}</option>
          </Form.Select>
        </Form.Group>
        <p className="text-body-secondary">
          {source === 'nordnet' ? t('import.intro') : t('import.mapped.intro')}
        </p>
        {source === 'mapped' && (
          <Form.Group controlId={`${id}-broker`} className="mb-3">
            <Form.Label>{t('import.mapped.broker')}</Form.Label>
            <Form.Control
              value={broker}
              maxLength={60}
              list={`${id}-brokers`}
              isInvalid={fieldErrors.broker !== undefined}
              aria-invalid={fieldErrors.broker !== undefined}
              aria-describedby={`${id}-broker-help`}
              disabled={phase === 'previewing' || phase === 'importing'}
              onChange={(e) => {
                setBroker(e.target.value);
                const mapping = savedFor(e.target.value);
                if (mapping && peek) {
                  const first = draftFor(peek.headers, [], mapping);
                  setDraft(draftFor(peek.headers, wordsOf(first.columns.type), mapping, peek.delimiter));
                }
              }}
            />
            <datalist id={`${id}-brokers`}>
              {saved.map((m) => (
                <option key={m.broker} value={m.broker} />
              ))}
            </datalist>
            <Form.Text id={`${id}-broker-help`}>{t('import.mapped.brokerHelp')}</Form.Text>
            {fieldErrors.broker && (
              <Form.Control.Feedback type="invalid">{fieldErrors.broker}</Form.Control.Feedback>
            )}
          </Form.Group>
        )}
        <Form.Group controlId={`${id}-file`} className="mb-3">
          <Form.Label>{t('import.file')}</Form.Label>
          <Form.Control
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            onChange={(e) => void choose((e.target as HTMLInputElement).files?.[0] ?? null)}
            disabled={phase === 'previewing' || phase === 'importing'}
          />
        </Form.Group>
        {failure && (
          <Alert variant="danger" role="alert" className="py-2">
            {failure}
          </Alert>
        )}
        {source === 'mapped' && peek && draft && (
          <>
            <ImportMappingForm
              idPrefix={id}
              headers={peek.headers}
              draft={draft}
              onChange={changeDraft}
              errors={fieldErrors}
              disabled={phase === 'previewing' || phase === 'importing'}
            />
            <Button
              variant="outline-primary"
              className="mb-3"
              onClick={() => void previewMapped()}
              disabled={
                phase === 'previewing' || phase === 'importing' || !draft.columns.date || !draft.columns.type
              }
            >
              {t('import.mapped.preview')}
            </Button>
          </>
        )}
        {phase === 'previewing' && (
          <div className="d-flex align-items-center gap-2" role="status">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            <span>{t('import.previewing')}</span>
          </div>
        )}
        {preview && (
          <div aria-live="polite">
            <p className="fw-semibold mb-2">
              <span>
                {preview.imported > 0
                  ? t('import.willImport', { count: preview.imported })
                  : t('import.nothing')}
              </span>
              {preview.skipped > 0 && <span> · {t('import.skipped', { count: preview.skipped })}</span>}
            </p>
            {preview.errors.length > 0 && (
              <section aria-labelledby={`${id}-errors`} className="mb-3">
                <h3 id={`${id}-errors`} className="h6 text-danger">
                  {t('import.errors', { count: preview.errors.length })}
                </h3>
                <Table size="sm" className="mb-0">
                  <thead>
                    <tr>
                      <th scope="col">{t('import.line')}</th>
                      <th scope="col">{t('import.reason')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {preview.errors.map((e, i) => (
                      <tr key={`${e.line}-${i}`}>
                        <td>{e.line}</td>
                        <td>{importErrorText(t, e)}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </section>
            )}
            {preview.rows.length > 0 && (
              <section aria-labelledby={`${id}-rows`} className="mb-3">
                <h3 id={`${id}-rows`} className="h6">
                  {t('import.rowsTitle')}
                </h3>
                <div className="table-responsive">
                  <Table size="sm" striped className="mb-0">
                    <thead>
                      <tr>
                        <th scope="col">{t('import.line')}</th>
                        <th scope="col">{t('transactions.columns.date')}</th>
                        <th scope="col">{t('transactions.columns.type')}</th>
                        <th scope="col">{t('import.security')}</th>
                        <th scope="col" className="text-end">
                          {t('transactions.columns.quantity')}
                        </th>
                        <th scope="col" className="text-end">
                          {t('transactions.columns.price')}
                        </th>
                        <th scope="col" className="text-end">
                          {t('transactions.columns.fee')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {preview.rows.map((r) => (
                        <tr key={r.line}>
                          <td>{r.line}</td>
                          <td className="text-nowrap">{formatDate(r.date, locale)}</td>
                          <td>{t(`events.${r.event_id}`)}</td>
                          <td>{r.ticker_id === null ? t('import.cash') : `${r.long_name} (${r.symbol})`}</td>
                          <td className="text-end">{formatNumber(Number(r.quantity), locale, 6)}</td>
                          <td className="text-end">{formatNumber(Number(r.price), locale, 6)}</td>
                          <td className="text-end">{formatNumber(Number(r.fee), locale, 6)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </Table>
                </div>
              </section>
            )}
            {preview.review.length > 0 && (
              <section aria-labelledby={`${id}-review`} className="mb-3">
                <h3 id={`${id}-review`} className="h6">
                  {t('import.reviewTitle', { count: preview.review.length })}
                </h3>
                <p className="small text-body-secondary">{t('import.reviewIntro')}</p>
                <div className="table-responsive">
                  <Table size="sm" className="mb-0">
                    <thead>
                      <tr>
                        <th scope="col">{t('import.line')}</th>
                        <th scope="col">{t('transactions.columns.date')}</th>
                        <th scope="col">{t('import.fileType')}</th>
                        <th scope="col">{t('import.security')}</th>
                        <th scope="col" className="text-end">
                          {t('transactions.columns.quantity')}
                        </th>
                        <th scope="col">{t('import.reason')}</th>
                        <th scope="col">{t('import.reviewCost')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {preview.review.map((r) => {
                        const value = costs[r.line] ?? '';
                        const acceptable = r.direction !== null && r.quantity !== null && r.date !== null;
                        return (
                          <tr key={r.line}>
                            <td>{r.line}</td>
                            <td className="text-nowrap">{r.date ? formatDate(r.date, locale) : ''}</td>
                            <td>{r.transaction_type}</td>
                            <td>{[r.name, r.isin].filter(Boolean).join(' · ')}</td>
                            <td className="text-end">{r.quantity ?? ''}</td>
                            <td>{r.reason}</td>
                            <td>
                              {acceptable ? (
                                <Form.Control
                                  size="sm"
                                  inputMode="decimal"
                                  aria-label={t('import.reviewCostFor', { line: r.line })}
                                  value={value}
                                  isInvalid={value.trim() !== '' && !costOk(value)}
                                  onChange={(e) => setCosts((c) => ({ ...c, [r.line]: e.target.value }))}
                                  placeholder={t('import.reviewSkip')}
                                />
                              ) : (
                                <span className="text-body-secondary">{t('import.reviewSkip')}</span>
                              )}
                            </td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </Table>
                </div>
              </section>
            )}
            {preview.skipped_rows.length > 0 && (
              <details>
                <summary>{t('import.skippedTitle', { count: preview.skipped_rows.length })}</summary>
                <ul className="small mt-2">
                  {preview.skipped_rows.map((s, i) => (
                    <li key={`${s.line}-${i}`}>
                      {t('import.skippedRow', { line: s.line, reason: s.reason })}
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide}>
          {t('actions.cancel')}
        </Button>
        <Button variant="primary" onClick={() => void runImport()} disabled={!canImport}>
          {phase === 'importing'
            ? t('import.importing')
            : t('import.import', { count: preview?.imported ?? 0 })}
        </Button>
      </Modal.Footer>
    </>
  );
}
