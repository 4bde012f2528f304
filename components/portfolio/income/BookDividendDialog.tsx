import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'next-i18next/pages';
import { formatDate, formatNumber } from '@/lib/format';
import type { ExpectedIncomeDto } from '@/lib/types/income';

/** The treaty withholding proposed for a share paying in this currency (US 15 %, Norway 0). */
const proposedRate = (row: ExpectedIncomeDto) => (row.currency === 'USD' ? 15 : 0);

/**
 * Book a passed dividend (issue 41): the withholding rate is proposed at the treaty rate and can be
 * changed; the server books the quantity held at the ex-date.
 */
export default function BookDividendDialog({
  row,
  onHide,
  onBook,
}: {
  row: ExpectedIncomeDto;
  onHide(): void;
  onBook(rate: number): Promise<void>;
}) {
  const { t, i18n } = useTranslation('income');
  const locale = i18n.language;
  const [rate, setRate] = useState(String(proposedRate(row)));
  const [busy, setBusy] = useState(false);
  const value = Number(rate.replace(',', '.'));
  const invalid = rate.trim() === '' || !Number.isFinite(value) || value < 0 || value > 100;
  return (
    <Modal show onHide={onHide} centered aria-labelledby="book-dividend-title">
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (invalid) return;
          setBusy(true);
          void onBook(value / 100).finally(() => setBusy(false));
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id="book-dividend-title">
            {t('book.title', { symbol: row.symbol })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>
            {t('book.text', {
              quantity: formatNumber(row.quantity, locale, 4),
              perShare: `${formatNumber(row.per_share, locale, 4)} ${row.currency}`,
              date: formatDate(row.pay_date ?? row.ex_date, locale),
            })}
          </p>
          <Form.Group controlId="book-withholding">
            <Form.Label>{t('book.withholding')}</Form.Label>
            <Form.Control
              inputMode="decimal"
              value={rate}
              isInvalid={invalid}
              aria-describedby="book-withholding-error"
              onChange={(e) => setRate(e.target.value)}
            />
            <Form.Control.Feedback type="invalid" id="book-withholding-error">
              {t('book.invalidRate')}
            </Form.Control.Feedback>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide}>
            {t('book.cancel')}
          </Button>
          <Button type="submit" disabled={busy || invalid}>
            {t('book.confirm')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
