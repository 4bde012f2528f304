import { useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'next-i18next/pages';
import { IMPORT_PRESET_NAMES, IMPORT_PRESETS } from '@/lib/importPresets';
import ImportMappingForm from './ImportMappingForm';
import ImportAccounts from './ImportAccounts';
import ImportPreview from './ImportPreview';
import { useImportFlow } from './useImportFlow';

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

function ImportBody({ titleId, onHide }: { titleId: string; onHide(): void }) {
  const { t } = useTranslation(['portfolio', 'brokerImport', 'importAccounts', 'importReview']);
  const id = useId();
  const flow = useImportFlow(onHide);
  const { phase, busy, source, fieldErrors, failure, peek, draft, preview } = flow;
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
            disabled={busy}
            onChange={(e) => flow.setSource(e.target.value === 'mapped' ? 'mapped' : 'nordnet')}
          >
            <option value="nordnet">{t('import.mapped.sourceNordnet')}</option>
            <option value="mapped">{t('import.mapped.sourceOther')}</option>
          </Form.Select>
        </Form.Group>
        <p className="text-body-secondary">
          {source === 'nordnet' ? t('import.intro') : t('import.mapped.intro')}
        </p>
        {source === 'mapped' && (
          <Form.Group controlId={`${id}-preset`} className="mb-3">
            <Form.Label>{t('brokerImport:preset')}</Form.Label>
            <Form.Select
              value={flow.preset}
              disabled={busy}
              aria-describedby={`${id}-preset-help`}
              onChange={(e) => flow.setPreset(e.target.value)}
            >
              <option value="">{t('brokerImport:presetNone')}</option>
              {IMPORT_PRESET_NAMES.map((name) => (
                <option key={name} value={name}>
                  {IMPORT_PRESETS[name].label}
                </option>
              ))}
            </Form.Select>
            <Form.Text id={`${id}-preset-help`}>
              {flow.preset === ''
                ? t('brokerImport:presetHelp')
                : t('brokerImport:presetFile', { file: IMPORT_PRESETS[flow.preset].file })}
            </Form.Text>
          </Form.Group>
        )}
        {source === 'mapped' && (
          <Form.Group controlId={`${id}-broker`} className="mb-3">
            <Form.Label>{t('import.mapped.broker')}</Form.Label>
            <Form.Control
              value={flow.broker}
              maxLength={60}
              list={`${id}-brokers`}
              isInvalid={fieldErrors.broker !== undefined}
              aria-invalid={fieldErrors.broker !== undefined}
              aria-describedby={`${id}-broker-help`}
              disabled={busy}
              onChange={(e) => flow.setBroker(e.target.value)}
            />
            <datalist id={`${id}-brokers`}>
              {flow.saved.map((m) => (
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
            accept={
              source === 'mapped'
                ? '.csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
                : '.csv,.txt,text/csv,text/plain'
            }
            onChange={(e) => void flow.choose((e.target as HTMLInputElement).files?.[0] ?? null)}
            disabled={busy}
          />
        </Form.Group>
        {failure && (
          <Alert variant="danger" role="alert" className="py-2" style={{ whiteSpace: 'pre-line' }}>
            {failure}
          </Alert>
        )}
        {source === 'mapped' && peek && draft && (
          <>
            <ImportMappingForm
              idPrefix={id}
              headers={peek.headers}
              draft={draft}
              onChange={flow.changeDraft}
              errors={fieldErrors}
              disabled={busy}
            />
            <Button
              variant="outline-primary"
              className="mb-3"
              onClick={() => void flow.previewMapped()}
              disabled={busy || !draft.columns.date}
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
        {preview && flow.multiAccount && (
          <ImportAccounts
            idPrefix={id}
            accounts={preview.accounts ?? []}
            portfolios={flow.portfolios}
            choices={flow.accountChoices}
            onChange={flow.setAccountChoice}
            disabled={busy}
          />
        )}
        {preview && !flow.multiAccount && (
          <ImportPreview
            idPrefix={id}
            preview={preview}
            costs={flow.costs}
            onCost={flow.setCost}
            baseCurrency={flow.baseCurrency}
          />
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide}>
          {t('actions.cancel')}
        </Button>
        <Button variant="primary" onClick={() => void flow.runImport()} disabled={!flow.canImport}>
          {phase === 'importing'
            ? t('import.importing')
            : flow.multiAccount
              ? t('importAccounts:import', { count: flow.chosenAccountCount })
              : t('import.import', { count: preview?.imported ?? 0 })}
        </Button>
      </Modal.Footer>
    </>
  );
}
