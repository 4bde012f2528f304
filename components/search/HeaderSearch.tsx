import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { analysisHref } from '@/components/market/links';
import TickerLogo from '@/components/market/TickerLogo';
import { AUTOCOMPLETE_MAX_HEIGHT, isMarketId, marketById } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import type { TickerSuggestion } from '@/lib/types/market';
import { useMarketStore } from '@/stores/useMarketStore';
import { useSearchStore } from '@/stores/useSearchStore';
import styles from './search.module.scss';

/** Typing pauses this long before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * The top bar's company search (SPEC §2, §5): for non-empty text, after a short pause, the selected
 * market's matches first, then the other market's, each with its market's flag (issue 25; picking
 * another market's ticker switches the app's market); an empty box clears the suggestions. Arrow keys move through the
 * suggestions, Enter opens one, Escape closes the list (a second Escape empties the box). A
 * suggestion opens /market/analysis?tickerID={id}&timeframe={timeframe}.
 */
export default function HeaderSearch() {
  const { t, i18n } = useTranslation('search');
  const router = useRouter();
  const id = useId();
  const listId = `${id}-list`;
  const marketId = useMarketStore((s) => s.marketId);
  const timeframe = useMarketStore((s) => s.timeframe);
  const setMarket = useMarketStore((s) => s.setMarket);
  const term = useSearchStore((s) => s.term);
  const suggestions = useSearchStore((s) => s.suggestions);
  const search = useSearchStore((s) => s.search);
  const clear = useSearchStore((s) => s.clear);

  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  // The highlighted suggestion belongs to the term it was chosen in; new suggestions start unselected.
  const [highlight, setHighlight] = useState<{ term: string; index: number }>({ term: '', index: -1 });
  const inputRef = useRef<HTMLInputElement>(null);

  const trimmed = text.trim();
  useEffect(() => {
    if (!trimmed) {
      clear();
      return;
    }
    const timer = setTimeout(() => void search(trimmed, marketId), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [trimmed, marketId, search, clear]);

  const items: TickerSuggestion[] = suggestions.data ?? [];
  const active = highlight.term === term ? Math.min(highlight.index, items.length - 1) : -1;
  const showList = open && trimmed !== '' && suggestions.status !== 'idle';

  const choose = (item: TickerSuggestion) => {
    setOpen(false);
    setText('');
    clear();
    inputRef.current?.blur();
    // A match from the other market switches the app to that market (issue 25).
    if (isMarketId(item.country_id) && item.country_id !== marketId) setMarket(item.country_id);
    void router.push(analysisHref(item.ticker_id, timeframe));
  };

  const move = (delta: number) => {
    if (!items.length) return;
    setOpen(true);
    const next =
      active < 0 ? (delta > 0 ? 0 : items.length - 1) : (active + delta + items.length) % items.length;
    setHighlight({ term, index: next });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'Enter': {
        const item = items[active >= 0 ? active : 0];
        if (showList && item && suggestions.status === 'success') {
          event.preventDefault();
          choose(item);
        }
        break;
      }
      case 'Escape':
        event.preventDefault();
        if (showList) setOpen(false);
        else setText('');
        break;
    }
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  const optionId = (index: number) => `${id}-option-${index}`;

  return (
    <div className={styles.search} onBlur={onBlur} role="search">
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {t('label')}
      </label>
      <svg
        className={styles.icon}
        width="16"
        height="16"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <circle cx="11" cy="11" r="7" />
        <line x1="21" y1="21" x2="16.65" y2="16.65" />
      </svg>
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="search"
        className={`form-control form-control-sm ${styles.input}`}
        placeholder={t('placeholder')}
        autoComplete="off"
        spellCheck={false}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {showList && (
        <div
          className={styles.dropdown}
          style={{ maxHeight: AUTOCOMPLETE_MAX_HEIGHT }}
          data-testid="search-dropdown"
        >
          <ul id={listId} role="listbox" className={styles.list} aria-label={t('results')}>
            {items.map((item, index) => {
              const market = isMarketId(item.country_id) ? marketById(item.country_id) : null;
              return (
                <li
                  key={item.ticker_id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className={`${styles.option} ${index === active ? styles.active : ''}`}
                  // Keep the focus in the box: the click must not blur it first.
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => setHighlight({ term, index })}
                  onClick={() => choose(item)}
                >
                  <TickerLogo name={item.long_name} symbol={item.symbol} img={item.img} size={28} />
                  <span className={styles.name}>{item.long_name}</span>
                  <span className={styles.meta}>
                    {item.symbol}
                    {market ? ` · ${market.exchange}` : ''}
                  </span>
                  {item.delisted_on && (
                    <span className="badge text-bg-secondary flex-shrink-0">
                      {t('delisted', { date: formatDate(item.delisted_on, i18n.language) })}
                    </span>
                  )}
                  {market && (
                    // eslint-disable-next-line @next/next/no-img-element -- tiny static flag SVG
                    <img
                      src={market.img}
                      alt={market.name}
                      title={market.name}
                      width={20}
                      height={14}
                      className="rounded-1 tv-flag flex-shrink-0"
                      data-market={market.id}
                    />
                  )}
                </li>
              );
            })}
          </ul>
          {suggestions.status === 'success' && items.length === 0 && (
            <p className={`${styles.message} mb-0`} role="status">
              {t('noResult')}
            </p>
          )}
          {suggestions.status === 'loading' && items.length === 0 && (
            <p className={`${styles.message} mb-0`} role="status">
              {t('searching')}
            </p>
          )}
          {suggestions.status === 'error' && (
            <div className={`${styles.message} d-flex align-items-center gap-2`} role="alert">
              <span className="me-auto">{t('failed')}</span>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => void search(trimmed, marketId)}
              >
                {t('retry')}
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
