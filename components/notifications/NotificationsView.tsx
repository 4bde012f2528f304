import { useEffect } from 'react';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import type { TFunction } from 'i18next';
import { notify } from '@/components/common/notify';
import { DEFAULT_TIMEFRAME } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import { currencyForCountry } from '@/lib/constants';
import { notificationLineText } from '@/lib/notificationText';
import { changeKey, type NotificationChangeDto, type NotificationDto } from '@/lib/types/signals';
import { useNotificationStore } from '@/stores/useNotificationStore';

/** One line of a notification in words; prices in the ticker's market currency. */
export function changeText(
  t: TFunction,
  change: NotificationChangeDto,
  market?: { countryId: number; locale: string },
): string {
  return notificationLineText((key, values) => t(key, values ?? {}), change, {
    currency: market ? currencyForCountry(market.countryId) : 'NOK',
    locale: market?.locale,
  });
}

/** The /notifications page body (issue 17): newest first, unread marked, links to the analysis. */
export default function NotificationsView() {
  const { t, i18n } = useTranslation('alerts');
  const locale = i18n.language;
  const items = useNotificationStore((s) => s.items);
  const status = useNotificationStore((s) => s.status);
  const unread = useNotificationStore((s) => s.unread);
  const unreadOnly = useNotificationStore((s) => s.unreadOnly);
  const inAppOff = useNotificationStore((s) => s.settings?.in_app === false);
  const { fetch, markRead, markAllRead, fetchSettings } = useNotificationStore.getState();

  useEffect(() => {
    void fetch(false);
    void fetchSettings();
  }, [fetch, fetchSettings]);

  const failed = () => notify.error(t('settings.error'));

  return (
    <section aria-labelledby="tv-notifications-title" className="mt-4">
      <h2 id="tv-notifications-title" className="visually-hidden">
        {t('page.title')}
      </h2>
      <p className="tv-prose">{t('page.intro')}</p>
      {inAppOff && (
        <div className="alert alert-info" role="status">
          {t('page.inAppOff')} <Link href="/user/profile">{t('settings.title')}</Link>
        </div>
      )}
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <div className="form-check form-switch mb-0">
          <input
            className="form-check-input"
            type="checkbox"
            role="switch"
            id="tv-notifications-unread"
            checked={unreadOnly}
            onChange={(e) => void fetch(e.currentTarget.checked)}
          />
          <label className="form-check-label" htmlFor="tv-notifications-unread">
            {t('page.unreadOnly')}
          </label>
        </div>
        <button
          type="button"
          className="btn btn-sm btn-outline-primary ms-auto"
          disabled={unread === 0}
          onClick={() => void markAllRead().catch(failed)}
        >
          {t('page.markAllRead')}
        </button>
      </div>

      {status === 'error' && (
        <div className="alert alert-danger d-flex align-items-center gap-3" role="alert">
          <span className="me-auto">{t('page.loadError')}</span>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void fetch()}>
            {t('page.retry')}
          </button>
        </div>
      )}
      {status === 'ready' && items.length === 0 && (
        <p className="text-body-secondary">{unreadOnly ? t('page.emptyUnread') : t('page.empty')}</p>
      )}
      {items.length > 0 && (
        <ul className="list-group">
          {items.map((item) => (
            <NotificationItem
              key={item.id}
              item={item}
              locale={locale}
              onRead={() => void markRead([item.id]).catch(failed)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function NotificationItem({
  item,
  locale,
  onRead,
}: {
  item: NotificationDto;
  locale: string;
  onRead(): void;
}) {
  const { t } = useTranslation('alerts');
  return (
    <li
      className={`list-group-item d-flex flex-wrap gap-3 align-items-start${item.read ? '' : ' tv-unread'}`}
    >
      <div className="me-auto">
        <Link
          href={`/market/analysis?tickerID=${item.ticker_id}&timeframe=${DEFAULT_TIMEFRAME}`}
          className="fw-semibold"
          aria-label={t('page.openAnalysis', { name: item.long_name })}
        >
          {item.long_name} ({item.symbol})
        </Link>
        {!item.read && <span className="badge text-bg-primary ms-2">{t('page.unread')}</span>}
        <ul className="list-unstyled mb-0 small">
          {item.changes.map((c) => (
            <li key={changeKey(c)}>{changeText(t, c, { countryId: item.country_id, locale })}</li>
          ))}
        </ul>
        <div className="small text-body-secondary">
          {t('page.session', { date: formatDate(item.session, locale) })}
        </div>
      </div>
      {!item.read && (
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onRead}>
          {t('page.markRead')}
        </button>
      )}
    </li>
  );
}
