import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import SignalBadge from '@/components/market/SignalBadge';
import { MARKET_OSLO, OSLO_SEGMENTS } from '@/lib/constants';
import type { PublicDirectory } from '@/lib/types/publicStocks';
import { publicStockHref } from './publicStockLinks';

/**
 * The public directory of every stock (issue 39): a search that works without JavaScript (a GET
 * form back to /public/stocks), a segment choice, and per market the stocks A–Z, each a plain link
 * to its public page, so a search engine finds every page in the HTML.
 */
export default function PublicStockDirectory({ directory }: { directory: PublicDirectory }) {
  const { t } = useTranslation('publicDirectory');
  const { t: tm } = useTranslation('market');
  return (
    <section className="mt-5" aria-labelledby="directory-title">
      <h2 id="directory-title" className="h4">
        {t('title')}
      </h2>
      <p className="text-body-secondary">{t('intro')}</p>
      <form method="get" action="/public/stocks" className="row g-2 mx-0 align-items-end mb-3" role="search">
        <div className="col-sm-6 col-lg-5">
          <label htmlFor="directory-q" className="form-label">
            {t('search')}
          </label>
          <input
            id="directory-q"
            name="q"
            type="search"
            className="form-control"
            defaultValue={directory.q}
            maxLength={60}
            placeholder={t('searchPlaceholder')}
          />
        </div>
        <div className="col-sm-4 col-lg-4">
          <label htmlFor="directory-segment" className="form-label">
            {t('segment')}
          </label>
          <select
            id="directory-segment"
            name="segment"
            className="form-select"
            defaultValue={directory.segment ?? ''}
          >
            <option value="">{t('allSegments')}</option>
            {OSLO_SEGMENTS.map((s) => (
              <option key={s} value={s}>
                {tm(`segment.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-sm-2 col-lg-3">
          <button type="submit" className="btn btn-primary w-100">
            {t('submit')}
          </button>
        </div>
      </form>
      <p aria-live="polite" data-testid="directory-count">
        {t('count', { count: directory.count })}
        {(directory.q !== '' || directory.segment !== null) && (
          <>
            {' '}
            <Link href="/public/stocks">{t('clear')}</Link>
          </>
        )}
      </p>
      {directory.markets.map((market) => {
        const name = market.country_id === MARKET_OSLO ? t('oslo') : t('us');
        const headingId = `directory-market-${market.country_id}`;
        return (
          <section key={market.country_id} className="mt-4" aria-labelledby={headingId}>
            <h3 id={headingId} className="h5">
              {name}{' '}
              <span className="text-body-secondary small">({t('count', { count: market.count })})</span>
            </h3>
            {market.letters.length > 0 && (
              // The letters are adjacent links with no space between them: without flex-wrap the
              // line has no break opportunity and runs off a phone's screen.
              <nav
                aria-label={t('lettersOf', { market: name })}
                className="mb-2 small d-flex flex-wrap column-gap-3 row-gap-1"
              >
                {market.letters.map((l) => (
                  <a key={l.letter} href={`#letter-${market.country_id}-${l.letter}`}>
                    {l.letter}
                  </a>
                ))}
              </nav>
            )}
            {market.letters.map((l) => (
              <div key={l.letter} className="mb-3">
                <h4 id={`letter-${market.country_id}-${l.letter}`} className="h6 border-bottom pb-1">
                  {l.letter}
                </h4>
                <ul className="list-unstyled row row-cols-1 row-cols-md-2 row-cols-xl-3 g-1 mx-0 mb-0">
                  {l.stocks.map((s) => (
                    <li
                      key={s.symbol}
                      className="col d-flex align-items-center gap-2"
                      style={{ minWidth: 0 }}
                    >
                      {/* A long name wraps inside its column instead of widening the page. */}
                      <Link href={publicStockHref(s.symbol)} className="text-break">
                        {s.long_name}
                      </Link>
                      <span className="text-body-secondary small">{s.symbol}</span>
                      {s.segment && s.segment !== 'oslo_bors' && (
                        <span className="badge text-bg-secondary">{tm(`segment.${s.segment}`)}</span>
                      )}
                      <SignalBadge signal={s.signal} size="sm" />
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </section>
        );
      })}
    </section>
  );
}
