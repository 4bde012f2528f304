import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import { notify } from '@/components/common/notify';
import { useTranslation } from 'next-i18next/pages';
import { selectOnWatchlist, useWatchlistStore } from '@/stores/useWatchlistStore';

interface WatchlistButtonProps {
  tickerId: number;
  symbol: string;
  size?: 'sm' | 'lg';
}

/**
 * "Add to watchlist" / "On the watchlist" toggle for a ticker (the analysis page and search
 * results). Needs the `watchlist` namespace on the page.
 */
export default function WatchlistButton({ tickerId, symbol, size }: WatchlistButtonProps) {
  const { t } = useTranslation('watchlist');
  const on = useWatchlistStore(selectOnWatchlist(tickerId));
  const status = useWatchlistStore((s) => s.status);
  const busy = useWatchlistStore((s) => s.busy.includes(tickerId));
  const { fetch, add, remove } = useWatchlistStore.getState();

  useEffect(() => {
    if (status === 'idle') void fetch();
  }, [status, fetch]);

  async function toggle() {
    try {
      if (on) {
        await remove(tickerId);
        notify.success(t('removed', { symbol }));
      } else {
        await add(tickerId);
        notify.success(t('added', { symbol }));
      }
    } catch {
      notify.error(on ? t('removeFailed', { symbol }) : t('addFailed'));
    }
  }

  return (
    <Button
      size={size}
      variant={on ? 'success' : 'outline-primary'}
      aria-pressed={on}
      disabled={busy}
      onClick={() => void toggle()}
    >
      {on ? t('onList') : t('addToList')}
    </Button>
  );
}
