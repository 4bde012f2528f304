import { useEffect, useState } from 'react';
import dynamic from 'next/dynamic';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { notify } from '@/components/common/notify';
import { useTranslation } from 'next-i18next/pages';
import { EVENT_SPLIT } from '@/lib/constants';
import { CASH_LEDGER_KEY } from '@/stores/usePortfolioStore';
import { formatDate, formatMoney, formatNumber, type Currency } from '@/lib/format';
import type { TransactionDto } from '@/lib/types/portfolio';
import { usePortfolioStore } from '@/stores/usePortfolioStore';
import type { PickedTicker } from './TickerPicker';
import TableScroll from '@/components/common/TableScroll';

// The delete confirmation (react-bootstrap's Modal and its transition) loads with the ticker's
// list, not with the portfolio page (its first-load budget, bench/bundle-size).
const ConfirmDialog = dynamic(() => import('./ConfirmDialog'), { ssr: false });

/** How long the toast offers Undo before the delete is sent (issue 24 item 3). */
export const UNDO_DELETE_MS = 6000;

interface TickerTransactionsProps {
  ticker: PickedTicker & { currency: Currency };
  onAdd(ticker: PickedTicker): void;
  onEdit(transaction: TransactionDto, ticker: PickedTicker): void;
  onClose(): void;
}

const EMPTY: TransactionDto[] = [];

/**
 * One ticker's transactions in the selected portfolio with add, edit and delete. A delete asks
 * first, naming the transaction; once confirmed the row goes away at once and a toast offers Undo
 * for UNDO_DELETE_MS, after which the delete is sent (issue 24 item 3). If the server refuses (e.g.
 * a later sell would exceed the holding) the row comes back and an error toast says why
 * (DESIGN.md §9).
 */
export default function TickerTransactions({ ticker, onAdd, onEdit, onClose }: TickerTransactionsProps) {
  const { t, i18n } = useTranslation('portfolio');
  const locale = i18n.language;
  const transactions = usePortfolioStore((s) => s.transactions[ticker.ticker_id] ?? EMPTY);
  const status = usePortfolioStore((s) => s.transactionsStatus[ticker.ticker_id] ?? 'idle');
  const fetchTransactions = usePortfolioStore((s) => s.fetchTransactions);

  useEffect(() => {
    void fetchTransactions(ticker.ticker_id);
  }, [fetchTransactions, ticker.ticker_id]);

  const deleteWithUndo = usePortfolioStore((s) => s.deleteTransactionWithUndo);
  const flushPendingDeletes = usePortfolioStore((s) => s.flushPendingDeletes);
  const [confirming, setConfirming] = useState<TransactionDto | null>(null);

  // Leaving the list (or the page) sends the deletes still waiting for their undo time.
  useEffect(() => {
    const flush = () => void flushPendingDeletes();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flushPendingDeletes]);

  /** "buy of 10 EQNR on 12.03.2025 at kr 185.00" — how the dialog and the toast name a transaction. */
  function describe(tx: TransactionDto): string {
    const split = tx.event_id === EVENT_SPLIT;
    return t('transactions.describe', {
      type: t(`events.${tx.event_id}`).toLocaleLowerCase(locale),
      quantity: split
        ? tx.split_to !== null && tx.split_from !== null
          ? t('portfolioIntegrity:splitRatio', { to: tx.split_to, from: tx.split_from })
          : t('transactions.ratio', { ratio: formatNumber(Number(tx.quantity), locale, 6) })
        : formatNumber(Number(tx.quantity), locale, 6),
      symbol: ticker.symbol,
      date: formatDate(tx.date, locale),
      price: split ? '' : formatMoney(Number(tx.price), ticker.currency, locale, 2),
      context: split ? 'split' : ticker.ticker_id === CASH_LEDGER_KEY ? 'cash' : undefined,
    });
  }

  function remove(tx: TransactionDto) {
    setConfirming(null);
    const toastId = `tv-undo-delete-${tx.portfolio_transaction_id}`;
    const pending = deleteWithUndo(tx, UNDO_DELETE_MS);
    notify.info(
      <div className="d-flex align-items-center gap-2">
        <span className="me-auto">{t('transactions.deletedUndo', { what: describe(tx) })}</span>
        <Button
          size="sm"
          variant="outline-primary"
          onClick={() => {
            if (pending.undo()) notify.success(t('transactions.restored'));
            notify.dismiss(toastId);
          }}
        >
          {t('transactions.undo')}
        </Button>
      </div>,
      // The toast lasts exactly as long as Undo is possible (no pause: the delete does not wait).
      {
        toastId,
        autoClose: UNDO_DELETE_MS,
        pauseOnHover: false,
        pauseOnFocusLoss: false,
        closeOnClick: false,
      },
    );
    pending.done.then(
      () => undefined,
      (err: unknown) => {
        notify.dismiss(toastId);
        const e = err as { status?: number };
        const reason =
          e.status === 409 ? t('transactions.deleteRefused') : t('transactions.deleteFailedReason');
        notify.error(t('transactions.deleteFailed', { reason }));
      },
    );
  }

  const headingId = `tv-transactions-${ticker.ticker_id}`;
  return (
    <Card className="mb-4" as="section" aria-labelledby={headingId}>
      <Card.Header className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h2 id={headingId} className="h5 mb-0">
          {ticker.ticker_id === CASH_LEDGER_KEY
            ? t('transactions.cashTitle')
            : t('transactions.title', { name: ticker.long_name, symbol: ticker.symbol })}
        </h2>
        <div className="d-flex gap-2">
          <Button size="sm" variant="primary" onClick={() => onAdd(ticker)}>
            {t('transactions.add')}
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={onClose}>
            {t('actions.close')}
          </Button>
        </div>
      </Card.Header>
      <Card.Body className="p-0">
        {status === 'loading' && transactions.length === 0 && (
          <div className="p-3 d-flex align-items-center gap-2" role="status">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            <span>{t('status.loading')}</span>
          </div>
        )}
        {status === 'error' && (
          <div className="p-3" role="alert">
            <p className="mb-2">{t('transactions.loadFailed')}</p>
            <Button
              size="sm"
              variant="outline-primary"
              onClick={() => void fetchTransactions(ticker.ticker_id)}
            >
              {t('actions.retry')}
            </Button>
          </div>
        )}
        {status === 'ready' && transactions.length === 0 && (
          <p className="p-3 mb-0">{t('transactions.empty')}</p>
        )}
        {transactions.length > 0 && (
          <TableScroll stickyFirstColumn>
            <Table hover className="mb-0 align-middle">
              <thead>
                <tr>
                  <th scope="col">{t('transactions.columns.date')}</th>
                  <th scope="col">{t('transactions.columns.type')}</th>
                  <th scope="col" className="text-end">
                    {t('transactions.columns.quantity')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('transactions.columns.price')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('transactions.columns.fee')}
                  </th>
                  <th scope="col">{t('transactions.columns.comment')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('transactions.columns.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {transactions.map((tx) => (
                  <tr key={tx.portfolio_transaction_id}>
                    <td className="text-nowrap">{formatDate(tx.date, locale)}</td>
                    <td>{t(`events.${tx.event_id}`)}</td>
                    <td className="text-end">
                      {tx.event_id === EVENT_SPLIT && tx.split_to !== null && tx.split_from !== null
                        ? t('portfolioIntegrity:splitRatio', { to: tx.split_to, from: tx.split_from })
                        : tx.event_id === EVENT_SPLIT
                          ? t('transactions.ratio', { ratio: formatNumber(Number(tx.quantity), locale, 6) })
                          : formatNumber(Number(tx.quantity), locale, 6)}
                    </td>
                    <td className="text-end">
                      {tx.event_id === EVENT_SPLIT
                        ? ''
                        : formatMoney(Number(tx.price), ticker.currency, locale, 2)}
                    </td>
                    <td className="text-end">{formatMoney(Number(tx.fee), ticker.currency, locale, 2)}</td>
                    <td className="small">{tx.comment}</td>
                    <td className="text-end text-nowrap">
                      <Button
                        size="sm"
                        variant="link"
                        onClick={() => onEdit(tx, ticker)}
                        aria-label={t('transactions.editLabel', {
                          type: t(`events.${tx.event_id}`),
                          date: formatDate(tx.date, locale),
                        })}
                      >
                        {t('transactions.edit')}
                      </Button>
                      <Button
                        size="sm"
                        variant="link"
                        className="text-danger"
                        onClick={() => setConfirming(tx)}
                        aria-label={t('transactions.deleteLabel', {
                          type: t(`events.${tx.event_id}`),
                          date: formatDate(tx.date, locale),
                        })}
                      >
                        {t('transactions.delete')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        )}
      </Card.Body>
      <ConfirmDialog
        show={confirming !== null}
        title={t('transactions.confirmTitle')}
        text={confirming ? t('transactions.confirmText', { what: describe(confirming) }) : ''}
        confirmLabel={t('transactions.delete')}
        onConfirm={() => confirming && remove(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </Card>
  );
}
