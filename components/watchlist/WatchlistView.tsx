import { useEffect, useState } from 'react';
import Link from 'next/link';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { notify } from '@/components/common/notify';
import { useTranslation } from 'next-i18next/pages';
import { DEFAULT_TIMEFRAME } from '@/lib/constants';
import { formatDate, formatMoney } from '@/lib/format';
import GainLoss from '@/components/portfolio/GainLoss';
import SignalBadge from '@/components/portfolio/SignalBadge';
import TickerPicker, { type PickedTicker } from '@/components/portfolio/TickerPicker';
import { useWatchlistStore } from '@/stores/useWatchlistStore';
import WatchlistAlertsToggle from './WatchlistAlertsToggle';
import LoadAnnouncer from '@/components/common/LoadAnnouncer';
import TableScroll from '@/components/common/TableScroll';

/** The /watchlist page body: the caller's tickers with last price, change, score and signal; add and remove. */
export default function WatchlistView() {
  const { t, i18n } = useTranslation(['watchlist', 'a11y']);
  const { t: tAlerts } = useTranslation('alerts');
  const locale = i18n.language;
  const items = useWatchlistStore((s) => s.items);
  const status = useWatchlistStore((s) => s.status);
  const busy = useWatchlistStore((s) => s.busy);
  const { fetch, add, remove } = useWatchlistStore.getState();
  const [picked, setPicked] = useState<PickedTicker | null>(null);
  const [pickerKey, setPickerKey] = useState(0);

  useEffect(() => {
    void fetch();
  }, [fetch]);

  async function addPicked() {
    if (!picked) return;
    try {
      await add(picked.ticker_id);
      notify.success(t('added', { symbol: picked.symbol }));
      setPicked(null);
      setPickerKey((k) => k + 1);
    } catch {
      notify.error(t('addFailed'));
    }
  }

  async function removeItem(tickerId: number, symbol: string) {
    try {
      await remove(tickerId);
      notify.success(t('removed', { symbol }));
    } catch {
      notify.error(t('removeFailed', { symbol }));
    }
  }

  return (
    <>
      <LoadAnnouncer status={status} loaded={t('a11y:loaded.watchlist', { count: items.length })} />
      <Card className="mb-4">
        <Card.Body>
          <div className="d-flex flex-wrap align-items-end gap-2">
            <div className="flex-grow-1" style={{ minWidth: '16rem' }}>
              <TickerPicker key={pickerKey} label={t('addLabel')} value={picked} onChange={setPicked} />
            </div>
            <Button
              className="mb-3"
              onClick={() => void addPicked()}
              disabled={!picked || busy.includes(picked.ticker_id)}
            >
              {t('add')}
            </Button>
          </div>
        </Card.Body>
      </Card>

      {/* Bootstrap's alert markup: react-bootstrap's Alert would add its Fade transition to the first load. */}
      {status === 'error' && (
        <div className="alert alert-danger" role="alert">
          <p className="mb-2">{t('loadFailed')}</p>
          <Button size="sm" variant="outline-danger" onClick={() => void fetch()}>
            {t('retry')}
          </Button>
        </div>
      )}
      {status === 'loading' && items.length === 0 && (
        <div className="d-flex align-items-center gap-2 py-3" role="status">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          <span>{t('loading')}</span>
        </div>
      )}
      {status === 'ready' && items.length === 0 && (
        <Card className="text-center">
          <Card.Body className="p-4">
            <h2 className="h5">{t('empty.title')}</h2>
            <p className="text-body-secondary mb-0">{t('empty.text')}</p>
          </Card.Body>
        </Card>
      )}
      {items.length > 0 && (
        <section aria-labelledby="tv-watchlist-title">
          <h2 id="tv-watchlist-title" className="h5">
            {t('title', { count: items.length })}
          </h2>
          <TableScroll stickyFirstColumn>
            <Table hover className="align-middle">
              <thead>
                <tr>
                  <th scope="col">{t('columns.ticker')}</th>
                  <th scope="col" className="text-end">
                    {t('columns.lastPrice')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('columns.change')}
                  </th>
                  <th scope="col">{t('columns.signal')}</th>
                  <th scope="col">{tAlerts('watchlist.alerts')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('columns.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.ticker_id}>
                    <th scope="row" className="fw-normal">
                      <Link
                        href={`/market/analysis?tickerID=${item.ticker_id}&timeframe=${DEFAULT_TIMEFRAME}`}
                        className="fw-semibold"
                      >
                        {item.symbol}
                      </Link>
                      <div className="small text-body-secondary">{item.long_name}</div>
                    </th>
                    <td className="text-end">
                      {item.last_price === null ? (
                        <span className="small text-body-secondary">{t('noPrice')}</span>
                      ) : (
                        <>
                          {formatMoney(item.last_price, item.currency, locale)}
                          <div className="small text-body-secondary">{formatDate(item.date, locale)}</div>
                        </>
                      )}
                    </td>
                    <td className="text-end">
                      <GainLoss value={item.change_pct === null ? null : item.change_pct / 100} />
                    </td>
                    <td>
                      <SignalBadge signal={item.signal} score={item.technical_score} />
                    </td>
                    <td>
                      <WatchlistAlertsToggle
                        tickerId={item.ticker_id}
                        name={item.long_name}
                        on={item.alerts}
                      />
                    </td>
                    <td className="text-end">
                      <Button
                        size="sm"
                        variant="outline-danger"
                        disabled={busy.includes(item.ticker_id)}
                        onClick={() => void removeItem(item.ticker_id, item.symbol)}
                        aria-label={t('removeLabel', { symbol: item.symbol })}
                      >
                        {t('remove')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        </section>
      )}
    </>
  );
}
