import Form from 'react-bootstrap/Form';
import { useTranslation } from 'next-i18next/pages';
import { notify } from '@/components/common/notify';
import { useWatchlistStore } from '@/stores/useWatchlistStore';

/** The switch for signal alerts on one watchlist entry (issue 17). */
export default function WatchlistAlertsToggle({
  tickerId,
  name,
  on,
}: {
  tickerId: number;
  name: string;
  on: boolean;
}) {
  const { t } = useTranslation('alerts');
  const busy = useWatchlistStore((s) => s.busy.includes(tickerId));
  return (
    <Form.Check
      type="switch"
      role="switch"
      id={`tv-watch-alerts-${tickerId}`}
      checked={on}
      disabled={busy}
      aria-label={t('watchlist.toggle', { name })}
      onChange={(e) => {
        useWatchlistStore
          .getState()
          .setAlerts(tickerId, e.currentTarget.checked)
          .catch(() => notify.error(t('settings.error')));
      }}
    />
  );
}
