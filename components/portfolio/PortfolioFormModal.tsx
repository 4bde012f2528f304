import { useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'next-i18next/pages';
import { BASE_CURRENCIES, createPortfolioSchema } from '@/lib/schemas/portfolio';
import type { PortfolioDto } from '@/lib/types/portfolio';
import { ACCOUNT_TYPES, type AccountType } from '@/lib/constants';
import FormModalFooter from './FormModalFooter';
import { apiIssues, fieldErrors, type FieldIssue } from './fieldErrors';

type Field = 'portfolio_name' | 'description' | 'base_currency';

export interface PortfolioFormValues {
  portfolio_name: string;
  description: string;
  subscription: boolean;
  base_currency: 'NOK' | 'USD';
  account_type: AccountType;
}

interface PortfolioFormModalProps {
  show: boolean;
  /** The portfolio to rename; none to create one. */
  portfolio?: PortfolioDto | null;
  onSubmit(values: PortfolioFormValues): Promise<void>;
  onHide(): void;
}

/** Create a portfolio or change its name, description and signal notifications. */
export default function PortfolioFormModal({ show, portfolio, onSubmit, onHide }: PortfolioFormModalProps) {
  const id = useId();
  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby={`${id}-title`}>
      {/* Mounted per opening, so every opening starts from the portfolio's stored values. */}
      {show && (
        <PortfolioForm titleId={`${id}-title`} portfolio={portfolio} onSubmit={onSubmit} onHide={onHide} />
      )}
    </Modal>
  );
}

function PortfolioForm({
  titleId,
  portfolio,
  onSubmit,
  onHide,
}: Omit<PortfolioFormModalProps, 'show'> & { titleId: string }) {
  const { t } = useTranslation('portfolio');
  const id = useId();
  const editing = Boolean(portfolio);
  const [values, setValues] = useState<PortfolioFormValues>(() => ({
    portfolio_name: portfolio?.portfolio_name ?? '',
    description: portfolio?.description ?? '',
    subscription: portfolio?.subscription ?? false,
    base_currency: portfolio?.base_currency ?? 'NOK',
    account_type: portfolio?.account_type ?? 'ordinary',
  }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailed(false);
    const parsed = createPortfolioSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error.issues as FieldIssue[], t));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSubmit({
        ...values,
        portfolio_name: parsed.data.portfolio_name,
        description: parsed.data.description,
      });
      onHide();
    } catch (err) {
      const issues = apiIssues(err);
      if (issues) setErrors(fieldErrors<Field>(issues, t));
      else setFailed(true);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form noValidate onSubmit={handleSubmit}>
      <Modal.Header closeButton closeLabel={t('actions.close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {editing ? t('form.editTitle') : t('form.createTitle')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {failed && (
          <Alert variant="danger" role="alert" className="py-2">
            {t('form.failed')}
          </Alert>
        )}
        <Form.Group className="mb-3" controlId={`${id}-name`}>
          <Form.Label>{t('form.name')}</Form.Label>
          <Form.Control
            value={values.portfolio_name}
            onChange={(e) => setValues((v) => ({ ...v, portfolio_name: e.target.value }))}
            isInvalid={Boolean(errors.portfolio_name)}
            maxLength={100}
            autoFocus
            required
          />
          <Form.Control.Feedback type="invalid">{errors.portfolio_name}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="mb-3" controlId={`${id}-description`}>
          <Form.Label>{t('form.description')}</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            value={values.description}
            onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
            isInvalid={Boolean(errors.description)}
            maxLength={500}
          />
          <Form.Control.Feedback type="invalid">{errors.description}</Form.Control.Feedback>
        </Form.Group>
        {!editing && (
          <Form.Group className="mb-3" controlId={`${id}-currency`}>
            <Form.Label>{t('form.baseCurrency')}</Form.Label>
            <Form.Select
              value={values.base_currency}
              onChange={(e) => setValues((v) => ({ ...v, base_currency: e.target.value as 'NOK' | 'USD' }))}
            >
              {BASE_CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Form.Select>
            <Form.Text>{t('form.baseCurrencyHelp')}</Form.Text>
          </Form.Group>
        )}
        {!editing && (
          <Form.Group className="mb-3" controlId={`${id}-account-type`}>
            <Form.Label>{t('personTax:accountType.label')}</Form.Label>
            <Form.Select
              value={values.account_type}
              onChange={(e) => setValues((v) => ({ ...v, account_type: e.target.value as AccountType }))}
            >
              {ACCOUNT_TYPES.map((a) => (
                <option key={a} value={a}>
                  {t(`personTax:accountType.${a}`)}
                </option>
              ))}
            </Form.Select>
            <Form.Text>{t('personTax:accountType.help')}</Form.Text>
          </Form.Group>
        )}
        <Form.Check
          type="switch"
          id={`${id}-subscription`}
          label={t('form.subscription')}
          checked={values.subscription}
          onChange={(e) => setValues((v) => ({ ...v, subscription: e.target.checked }))}
        />
      </Modal.Body>
      <FormModalFooter
        saving={saving}
        onCancel={onHide}
        submitLabel={editing ? t('actions.save') : t('form.create')}
      />
    </Form>
  );
}
