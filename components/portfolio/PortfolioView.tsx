import { useEffect, useState } from 'react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import LoadAnnouncer from '@/components/common/LoadAnnouncer';
import { notify } from '@/components/common/notify';
import { useDeferredArrival } from '@/components/common/useDeferredArrival';
import { useOpenedOnce } from '@/components/common/useOpenedOnce';
import { useTranslation } from 'next-i18next/pages';
import { useShallow } from 'zustand/react/shallow';
import type { Currency } from '@/lib/format';
import { localIsoDate } from '@/lib/schemas/portfolio';
import type { PortfolioResultRowDto, TransactionDto } from '@/lib/types/portfolio';
import { useAuthStore } from '@/stores/useAuthStore';
import { CASH_LEDGER_KEY, usePortfolioStore } from '@/stores/usePortfolioStore';
import AllocationPanel from './AllocationPanel';
import PerformancePanel from './PerformancePanel';
import type { PortfolioFormValues } from './PortfolioFormModal';
import PortfolioToolbar from './PortfolioToolbar';
import CashBalance from './CashBalance';
import ResultsTable from './ResultsTable';
import type { TransactionFormTarget } from './TransactionFormModal';
import type { PickedTicker } from './TickerPicker';

// The dialogs (react-bootstrap's Modal, the forms and their zod schemas) are not needed to show a
// portfolio: each loads the first time it is opened and then stays mounted, so that it can animate
// closed and open again at once (the page's first-load budget, issue 16). For the same reason the
// error boxes are Bootstrap's alert markup, not react-bootstrap's Alert (its Fade pulls in
// react-transition-group).
const PortfolioFormModal = dynamic(() => import('./PortfolioFormModal'), { ssr: false });
const ConfirmDialog = dynamic(() => import('./ConfirmDialog'), { ssr: false });
const ImportDialog = dynamic(() => import('./ImportDialog'), { ssr: false });
const TransactionFormModal = dynamic(() => import('./TransactionFormModal'), { ssr: false });
// A ticker's transactions (its table, delete with undo) show only once a holding is opened.
const TickerTransactions = dynamic(() => import('./TickerTransactions'), { ssr: false });
// The tax panel is the page's last block, below the fold: it loads after the holdings, so its
// tables are not part of the page's first load and its arrival moves nothing above it.
// Issue 41: the income view and the allocation breakdowns, loaded with the panels below the holdings.
const IncomePanel = dynamic(() => import('./income/IncomePanel'), { ssr: false });
const AllocationBreakdownPanel = dynamic(() => import('./income/AllocationBreakdownPanel'), { ssr: false });
const TaxPanel = dynamic(() => import('./TaxPanel'), { ssr: false });

type Dialog = null | 'create' | 'rename' | 'delete' | 'import';
type OpenTicker = PickedTicker & { currency: Currency };

/** Save a downloaded file in the browser. */
function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The /portfolio page body: the portfolio selector and its actions, the holdings with totals, the
 * allocation and performance charts, and one ticker's transactions. `?addTicker=<id>&symbol=&name=`
 * (from the analysis page) opens the add-transaction form for that ticker.
 */
const hasHoldings = (holdings: { results: readonly unknown[] }): boolean => holdings.results.length > 0;

export default function PortfolioView() {
  const { t } = useTranslation(['portfolio', 'a11y']);
  const router = useRouter();
  const uid = useAuthStore((s) => s.identity?.uid ?? s.user?.uid ?? null);
  const portfolios = usePortfolioStore((s) => s.portfolios);
  const portfoliosStatus = usePortfolioStore((s) => s.portfoliosStatus);
  const selectedId = usePortfolioStore((s) => s.selectedId);
  // When the holdings first arrive, the table, cash line and panels render as a background update
  // that yields to the browser every few milliseconds (the loading state stays until then), not as
  // one long task (Lighthouse's TBT); every later change shows at once.
  const holdings = usePortfolioStore(
    useShallow((s) => ({
      results: s.results,
      resultsTotals: s.resultsTotals,
      resultsStatus: s.resultsStatus,
    })),
  );
  const { results, resultsTotals, resultsStatus } = useDeferredArrival(holdings, hasHoldings);
  const resultsSettled = resultsStatus === 'ready' || resultsStatus === 'error' || results.length > 0;
  const includeSold = usePortfolioStore((s) => s.includeSold);
  const loading = usePortfolioStore((s) => s.loading);
  const {
    fetchPortfolios,
    selectPortfolio,
    createPortfolio,
    updatePortfolio,
    deletePortfolio,
    setIncludeSold,
    fetchResults,
    exportCsv,
  } = usePortfolioStore.getState();

  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleting, setDeleting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [openTickerOf, setOpenTickerOf] = useState<{ portfolioId: number; ticker: OpenTicker } | null>(null);
  const [form, setForm] = useState<TransactionFormTarget | null>(null);

  useEffect(() => {
    if (uid) void fetchPortfolios(uid);
  }, [uid, fetchPortfolios]);

  // Home's first steps link here (?import=nordnet): the import dialog opens on the selected
  // portfolio, or the new-portfolio dialog first when there is none (issue 39 item 7).
  const importAsked = router.query.import === 'nordnet';
  useEffect(() => {
    if (!importAsked || portfoliosStatus !== 'ready') return;
    const next: Dialog = selectedId !== null ? 'import' : 'create';
    const { import: _import, ...rest } = router.query;
    void router
      .replace({ pathname: router.pathname, query: rest }, undefined, { shallow: true })
      .then(() => setDialog(next));
  }, [importAsked, portfoliosStatus, selectedId, router]);

  // The analysis page links here (?addTicker=&symbol=&name=) to record a trade in the ticker it shows.
  const addTicker = Number(router.query.addTicker);
  const queryTarget: TransactionFormTarget | null =
    Number.isInteger(addTicker) && addTicker > 0 && selectedId !== null
      ? {
          kind: 'add',
          ticker: {
            ticker_id: addTicker,
            symbol: typeof router.query.symbol === 'string' ? router.query.symbol : String(addTicker),
            long_name: typeof router.query.name === 'string' ? router.query.name : String(addTicker),
          },
        }
      : null;
  function closeForm() {
    setForm(null);
    if (queryTarget) {
      const { addTicker: _a, symbol: _s, name: _n, ...rest } = router.query;
      void router.replace({ pathname: router.pathname, query: rest }, undefined, { shallow: true });
    }
  }

  // The open transaction list belongs to the portfolio it was opened in.
  const openTicker = openTickerOf && openTickerOf.portfolioId === selectedId ? openTickerOf.ticker : null;
  const setOpenTicker = (ticker: OpenTicker | null) =>
    setOpenTickerOf(ticker && selectedId !== null ? { portfolioId: selectedId, ticker } : null);

  const selected = portfolios.find((p) => p.portfolio_id === selectedId) ?? null;
  const baseCurrency = selected?.base_currency ?? 'NOK';

  async function submitPortfolio(values: PortfolioFormValues) {
    if (dialog === 'rename' && selected) {
      await updatePortfolio({
        portfolio_id: selected.portfolio_id,
        portfolio_name: values.portfolio_name,
        description: values.description,
        subscription: values.subscription,
      });
      notify.success(t('toast.renamed', { name: values.portfolio_name }));
    } else {
      await createPortfolio(values);
      notify.success(t('toast.created', { name: values.portfolio_name }));
    }
  }

  async function confirmDelete() {
    if (!selected) return;
    setDeleting(true);
    try {
      await deletePortfolio(selected.portfolio_id);
      notify.success(t('toast.deleted', { name: selected.portfolio_name }));
      setDialog(null);
    } catch {
      notify.error(t('toast.deleteFailed'));
    } finally {
      setDeleting(false);
    }
  }

  async function download() {
    setExporting(true);
    try {
      const { blob, filename } = await exportCsv();
      saveFile(blob, filename);
    } catch {
      notify.error(t('toast.exportFailed'));
    } finally {
      setExporting(false);
    }
  }

  const showTransactions = (row: PortfolioResultRowDto) =>
    setOpenTicker({
      ticker_id: row.ticker_id,
      symbol: row.symbol,
      long_name: row.long_name,
      currency: row.currency,
    });

  let body;
  if (portfoliosStatus === 'error') {
    body = (
      <div className="alert alert-danger" role="alert">
        <p className="mb-2">{t('status.loadFailed')}</p>
        <Button size="sm" variant="outline-danger" onClick={() => uid && void fetchPortfolios(uid)}>
          {t('actions.retry')}
        </Button>
      </div>
    );
  } else if (portfoliosStatus !== 'ready' && portfolios.length === 0) {
    body = (
      <div className="d-flex align-items-center gap-2 py-4" role="status">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        <span>{t('status.loading')}</span>
      </div>
    );
  } else if (portfolios.length === 0) {
    body = (
      <Card className="text-center my-4">
        <Card.Body className="p-4">
          <h2 className="h4">{t('empty.title')}</h2>
          <p className="text-body-secondary">{t('empty.text')}</p>
          <Button onClick={() => setDialog('create')}>{t('empty.create')}</Button>
        </Card.Body>
      </Card>
    );
  } else {
    body = (
      <>
        <PortfolioToolbar
          portfolios={portfolios}
          selectedId={selectedId}
          onSelect={(id) => void selectPortfolio(id)}
          onCreate={() => setDialog('create')}
          onRename={() => setDialog('rename')}
          onDelete={() => setDialog('delete')}
          onAddTransaction={() => setForm({ kind: 'add' })}
          onImport={() => setDialog('import')}
          onExport={() => void download()}
          exporting={exporting}
        />
        {selected?.description && <p className="text-body-secondary">{selected.description}</p>}
        {resultsStatus === 'error' && (
          <div className="alert alert-danger" role="alert">
            <p className="mb-2">{t('status.resultsFailed')}</p>
            <Button size="sm" variant="outline-danger" onClick={() => void fetchResults()}>
              {t('actions.retry')}
            </Button>
          </div>
        )}
        {resultsStatus === 'ready' && results.length === 0 && !includeSold ? (
          <Card className="mb-4">
            <Card.Body>
              <h2 className="h5">{t('noHoldings.title')}</h2>
              <p className="text-body-secondary mb-3">{t('noHoldings.text')}</p>
              <div className="d-flex flex-wrap gap-2">
                <Button onClick={() => setForm({ kind: 'add' })}>{t('selector.addTransaction')}</Button>
                <Button variant="outline-secondary" onClick={() => void setIncludeSold(true)}>
                  {t('results.includeSold')}
                </Button>
              </div>
            </Card.Body>
          </Card>
        ) : (
          (resultsStatus === 'ready' || results.length > 0) && (
            <ResultsTable
              rows={results}
              totals={resultsTotals}
              baseCurrency={baseCurrency}
              includeSold={includeSold}
              onIncludeSoldChange={(v) => void setIncludeSold(v)}
              onShowTransactions={showTransactions}
            />
          )
        )}
        {resultsTotals && (
          <div className="d-flex flex-wrap align-items-baseline gap-2">
            <CashBalance amount={resultsTotals.cash_base} currency={baseCurrency} />
            <Button
              size="sm"
              variant="link"
              className="mb-3 p-0"
              onClick={() =>
                setOpenTicker({
                  ticker_id: CASH_LEDGER_KEY,
                  symbol: t('transactions.cashSymbol'),
                  long_name: t('transactions.cashTitle'),
                  currency: baseCurrency,
                })
              }
            >
              {t('transactions.showCash')}
            </Button>
          </div>
        )}
        {openTicker && (
          <TickerTransactions
            ticker={openTicker}
            onAdd={(ticker) =>
              setForm(
                ticker.ticker_id === CASH_LEDGER_KEY ? { kind: 'add', cash: true } : { kind: 'add', ticker },
              )
            }
            onEdit={(transaction: TransactionDto, ticker) => setForm({ kind: 'edit', transaction, ticker })}
            onClose={() => setOpenTicker(null)}
          />
        )}
        {/* Below the holdings once they have answered: shown earlier, the panels were pushed down
            when the table and the cash line arrived above them (Lighthouse CLS 0.23 on /portfolio). */}
        {resultsSettled && (
          <>
            <Row className="g-4 mb-4">
              <Col lg={5}>
                <AllocationPanel rows={results} baseCurrency={baseCurrency} />
              </Col>
              <Col lg={7}>
                <PerformancePanel />
              </Col>
            </Row>
            <TaxPanel />
            {selectedId !== null && (
              <>
                <IncomePanel portfolioId={selectedId} rows={results} today={localIsoDate()} />
                <AllocationBreakdownPanel portfolioId={selectedId} />
              </>
            )}
          </>
        )}
      </>
    );
  }

  const formTarget = form ?? queryTarget;
  const portfolioFormOpened = useOpenedOnce(dialog === 'create' || dialog === 'rename');
  const confirmOpened = useOpenedOnce(dialog === 'delete');
  const importOpened = useOpenedOnce(dialog === 'import');
  const transactionFormOpened = useOpenedOnce(formTarget !== null);

  return (
    <div aria-busy={loading}>
      <LoadAnnouncer status={resultsStatus} loaded={t('a11y:loaded.holdings', { count: results.length })} />
      {body}
      {portfolioFormOpened && (
        <PortfolioFormModal
          show={dialog === 'create' || dialog === 'rename'}
          portfolio={dialog === 'rename' ? selected : null}
          onSubmit={submitPortfolio}
          onHide={() => setDialog(null)}
        />
      )}
      {confirmOpened && (
        <ConfirmDialog
          show={dialog === 'delete'}
          title={t('deleteDialog.title')}
          text={t('deleteDialog.text', { name: selected?.portfolio_name ?? '' })}
          confirmLabel={t('deleteDialog.confirm')}
          busy={deleting}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDialog(null)}
        />
      )}
      {importOpened && <ImportDialog show={dialog === 'import'} onHide={() => setDialog(null)} />}
      {transactionFormOpened && <TransactionFormModal target={formTarget} onHide={closeForm} />}
    </div>
  );
}
