import { useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import { notify } from '@/components/common/notify';
import { useTranslation } from 'next-i18next/pages';
import {
  EVENT_DEPOSIT,
  EVENT_DIVIDEND,
  EVENT_SELL,
  EVENT_SPLIT,
  EVENT_WITHDRAWAL,
  TICKER_EVENT_IDS,
  type EventId,
} from '@/lib/constants';
import { formatDate, formatNumber } from '@/lib/format';
import { localIsoDate, newTransactionSchema, updateTransactionSchema } from '@/lib/schemas/portfolio';
import { usePortfolioStore } from '@/stores/usePortfolioStore';
import FormModalFooter from './FormModalFooter';
import { apiIssues, fieldErrors, type FieldIssue } from './fieldErrors';
import TickerPicker, { type PickedTicker } from './TickerPicker';
import { SaleTaxPreview } from './SaleTaxPreview';
import { TickerDayHints, useTickerDayCheck } from './TransactionDayCheck';
import {
  initialValues,
  isCashEvent,
  splitQuantity,
  type CashDetails,
  type Field,
  type HoldingDetails,
  type TransactionFormTarget,
  type Values,
} from './transactionFormValues';

export type { TransactionFormTarget } from './transactionFormValues';

/** Add a transaction (any ticker) or edit one (its ticker stays), validated with the API's own schema. */
export default function TransactionFormModal({
  target,
  onHide,
}: {
  target: TransactionFormTarget | null;
  onHide(): void;
}) {
  const id = useId();
  return (
    <Modal
      show={Boolean(target)}
      onHide={onHide}
      centered
      scrollable
      size="lg"
      aria-labelledby={`${id}-title`}
    >
      {/* Mounted per opening, so every opening starts from the transaction (or an empty form). */}
      {target && <TransactionForm titleId={`${id}-title`} target={target} onHide={onHide} />}
    </Modal>
  );
}

function TransactionForm({
  titleId,
  target,
  onHide,
}: {
  titleId: string;
  target: TransactionFormTarget;
  onHide(): void;
}) {
  const { t, i18n } = useTranslation('portfolio');
  const locale = i18n.language;
  const id = useId();
  const addTransaction = usePortfolioStore((s) => s.addTransaction);
  const updateTransaction = usePortfolioStore((s) => s.updateTransaction);
  const [ticker, setTicker] = useState<PickedTicker | null>(target.ticker ?? null);
  const [values, setValues] = useState<Values>(() => initialValues(target));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const tickerId = ticker?.ticker_id;
  const selectedId = usePortfolioStore((s) => s.selectedId);
  const portfolios = usePortfolioStore((s) => s.portfolios);
  const dayCheck = useTickerDayCheck(tickerId, values, locale);
  const { closeHint } = dayCheck;
  const set = (field: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: field === 'event_id' ? (Number(value) as EventId) : value }));
    if (errors[field as Field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const today = localIsoDate();
    const split = values.event_id === EVENT_SPLIT;
    const cash = isCashEvent(values.event_id);
    // A split needs both whole numbers here (the API would read a lone quantity as the ratio).
    const missing = split ? (['split_to', 'split_from'] as const).filter((f) => values[f].trim() === '') : [];
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((f) => [f, t('fieldErrors.required')])));
      return;
    }
    const fields = {
      date: values.date,
      event_id: values.event_id,
      quantity: split ? splitQuantity(values) : cash ? '1' : values.quantity,
      price: split ? '0' : values.price,
      fee: values.fee.trim() === '' ? undefined : values.fee,
      split_to: split ? values.split_to.trim() || null : null,
      split_from: split ? values.split_from.trim() || null : null,
      withholding_tax:
        values.event_id === EVENT_DIVIDEND && values.withholding_tax.trim() !== ''
          ? values.withholding_tax
          : null,
      comment: values.comment,
    };
    const tickerIdSent = cash ? null : (ticker?.ticker_id ?? undefined);
    const parsed =
      target.kind === 'edit'
        ? updateTransactionSchema(today).safeParse({
            ...fields,
            portfolio_transaction_id: target.transaction.portfolio_transaction_id,
          })
        : newTransactionSchema(today).safeParse({ ...fields, ticker_id: tickerIdSent });
    // A trade needs its ticker: said with the other fields' errors (the schema checks it only
    // once every field has parsed, since a deposit or withdrawal has none).
    const missingTicker: FieldIssue[] =
      target.kind !== 'edit' && !cash && !ticker ? [{ path: ['ticker_id'], code: 'invalid_type' }] : [];
    if (!parsed.success || missingTicker.length > 0) {
      setErrors(fieldErrors<Field>([...missingTicker, ...((parsed.error?.issues ?? []) as FieldIssue[])], t));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      if (target.kind === 'edit') {
        await updateTransaction({
          ...fields,
          portfolio_transaction_id: target.transaction.portfolio_transaction_id,
        });
      } else {
        await addTransaction({ ...fields, ticker_id: cash ? null : ticker!.ticker_id });
      }
      notify.success(t('transactionForm.saved'));
      onHide();
    } catch (err) {
      const e = err as { status?: number; code?: string; details?: HoldingDetails & CashDetails };
      const issues = apiIssues(err);
      if (e.status === 409 && e.code === 'INSUFFICIENT_CASH') {
        // Said at the amount, the field the user must change.
        setErrors({
          price: t('transactionForm.insufficientCash', {
            available: formatNumber(e.details?.available ?? 0, locale, 2),
            date: formatDate(e.details?.date ?? values.date, locale),
          }),
        });
      } else if (e.status === 409 && e.code === 'INSUFFICIENT_HOLDING') {
        setFailure(
          t('transactionForm.insufficientHolding', {
            held: formatNumber(e.details?.held ?? 0, locale, 10),
            date: formatDate(e.details?.date ?? values.date, locale),
          }),
        );
      } else if (issues) {
        setErrors(fieldErrors<Field>(issues, t));
      } else {
        setFailure(t('transactionForm.failed'));
      }
    } finally {
      setSaving(false);
    }
  }

  const eventId = values.event_id;
  // A transaction keeps its kind on edit (a ticker's event cannot become cash or back); a new one
  // without a chosen ticker may be a deposit or withdrawal.
  const cashOnly = target.kind === 'edit' && isCashEvent(target.transaction.event_id);
  const eventChoices: readonly EventId[] = cashOnly
    ? [EVENT_DEPOSIT, EVENT_WITHDRAWAL]
    : target.kind === 'edit' || target.ticker
      ? TICKER_EVENT_IDS
      : [...TICKER_EVENT_IDS, EVENT_DEPOSIT, EVENT_WITHDRAWAL];
  const baseCurrency = usePortfolioStore(
    (s) => s.portfolios.find((p) => p.portfolio_id === s.selectedId)?.base_currency,
  );
  const quantityLabel =
    eventId === EVENT_DIVIDEND ? t('transactionForm.dividendQuantity') : t('transactionForm.quantity');
  const control = (
    field: 'quantity' | 'price' | 'fee' | 'split_to' | 'split_from' | 'withholding_tax',
    label: string,
    help?: string,
  ) => (
    <Form.Group className="mb-3" controlId={`${id}-${field}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        inputMode={field === 'split_to' || field === 'split_from' ? 'numeric' : 'decimal'}
        autoComplete="off"
        value={values[field]}
        placeholder={field === 'price' && closeHint ? closeHint : undefined}
        onChange={(e) => set(field)(e.target.value)}
        isInvalid={Boolean(errors[field])}
        aria-describedby={help ? `${id}-${field}-help` : undefined}
      />
      {help && <Form.Text id={`${id}-${field}-help`}>{help}</Form.Text>}
      <Form.Control.Feedback type="invalid">{errors[field]}</Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <Form noValidate onSubmit={handleSubmit}>
      <Modal.Header closeButton closeLabel={t('actions.close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {target.kind === 'edit' ? t('transactionForm.editTitle') : t('transactionForm.addTitle')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {failure && (
          <Alert variant="danger" role="alert" className="py-2">
            {failure}
          </Alert>
        )}
        {isCashEvent(eventId) ? null : target.kind === 'edit' || target.ticker ? (
          <p className="mb-3">
            <span className="text-body-secondary">{t('transactionForm.ticker')}: </span>
            <strong>
              {ticker?.long_name} ({ticker?.symbol})
            </strong>
          </p>
        ) : (
          <TickerPicker
            label={t('transactionForm.ticker')}
            value={ticker}
            onChange={(picked) => {
              setTicker(picked);
              if (errors.ticker_id) setErrors((e) => ({ ...e, ticker_id: undefined }));
            }}
            error={errors.ticker_id}
            autoFocus
          />
        )}
        <Row>
          <Col sm={6}>
            <Form.Group className="mb-3" controlId={`${id}-event`}>
              <Form.Label>{t('transactionForm.event')}</Form.Label>
              <Form.Select
                value={values.event_id}
                onChange={(e) => set('event_id')(e.target.value)}
                isInvalid={Boolean(errors.event_id)}
              >
                {eventChoices.map((e) => (
                  <option key={e} value={e}>
                    {t(`events.${e}`)}
                  </option>
                ))}
              </Form.Select>
              <Form.Control.Feedback type="invalid">{errors.event_id}</Form.Control.Feedback>
            </Form.Group>
          </Col>
          <Col sm={6}>
            <Form.Group className="mb-3" controlId={`${id}-date`}>
              <Form.Label>{t('transactionForm.date')}</Form.Label>
              <Form.Control
                type="date"
                max={localIsoDate()}
                value={values.date}
                onChange={(e) => set('date')(e.target.value)}
                isInvalid={Boolean(errors.date)}
              />
              <Form.Control.Feedback type="invalid">{errors.date}</Form.Control.Feedback>
            </Form.Group>
          </Col>
        </Row>
        <Row>
          {eventId === EVENT_SPLIT ? (
            <>
              <Col sm={4}>
                {control('split_to', t('portfolioIntegrity:splitTo'), t('portfolioIntegrity:splitHelp'))}
              </Col>
              <Col sm={4}>{control('split_from', t('portfolioIntegrity:splitFrom'))}</Col>
            </>
          ) : isCashEvent(eventId) ? null : (
            <Col sm={4}>{control('quantity', quantityLabel)}</Col>
          )}
          {isCashEvent(eventId) && (
            <Col sm={4}>
              {control(
                'price',
                t('transactionForm.cashAmount', { currency: baseCurrency ?? '' }),
                t('transactionForm.cashAmountHelp'),
              )}
            </Col>
          )}
          {eventId !== EVENT_SPLIT && !isCashEvent(eventId) && (
            <Col sm={4}>
              {control(
                'price',
                eventId === EVENT_DIVIDEND ? t('transactionForm.dividendPrice') : t('transactionForm.price'),
              )}
            </Col>
          )}
          <Col sm={4}>{control('fee', t('transactionForm.fee'))}</Col>
          {eventId === EVENT_DIVIDEND && (
            <Col sm={4}>
              {control(
                'withholding_tax',
                t('transactionForm.withholdingTax'),
                t('transactionForm.withholdingTaxHelp'),
              )}
            </Col>
          )}
        </Row>
        <TickerDayHints check={dayCheck} onUseClose={(close) => set('price')(String(close))} />
        {values.event_id === EVENT_SELL && target.kind === 'add' && (
          <SaleTaxPreview
            portfolioId={selectedId}
            tickerId={tickerId}
            quantity={values.quantity}
            price={values.price}
            date={values.date}
            portfolioName={(pid) =>
              portfolios.find((p) => p.portfolio_id === pid)?.portfolio_name ?? `#${pid}`
            }
          />
        )}
        <Form.Group controlId={`${id}-comment`}>
          <Form.Label>{t('transactionForm.comment')}</Form.Label>
          <Form.Control
            value={values.comment}
            onChange={(e) => set('comment')(e.target.value)}
            isInvalid={Boolean(errors.comment)}
            maxLength={500}
          />
          <Form.Control.Feedback type="invalid">{errors.comment}</Form.Control.Feedback>
        </Form.Group>
      </Modal.Body>
      <FormModalFooter saving={saving} onCancel={onHide} />
    </Form>
  );
}
