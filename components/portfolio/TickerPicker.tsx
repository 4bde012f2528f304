import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'next-i18next/pages';
import { MARKETS, AUTOCOMPLETE_MAX_HEIGHT } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import type { TickerSuggestion } from '@/lib/types/market';
import { usePortfolioStore } from '@/stores/usePortfolioStore';

export interface PickedTicker {
  ticker_id: number;
  symbol: string;
  long_name: string;
}

interface TickerPickerProps {
  label: string;
  value: PickedTicker | null;
  onChange(ticker: PickedTicker | null): void;
  error?: string;
  autoFocus?: boolean;
}

const DEBOUNCE_MS = 250;

/** Find a ticker of either market by name or symbol (tickers/autocomplete), as an accessible combobox. */
export default function TickerPicker({ label, value, onChange, error, autoFocus }: TickerPickerProps) {
  const { t, i18n } = useTranslation('portfolio');
  const id = useId();
  const searchTickers = usePortfolioStore((s) => s.searchTickers);
  const [text, setText] = useState(value ? `${value.long_name} (${value.symbol})` : '');
  const [items, setItems] = useState<TickerSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<'idle' | 'searching' | 'done' | 'error'>('idle');
  const typed = useRef(false);

  useEffect(() => {
    if (!typed.current) return;
    const search = text.trim();
    if (search === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setStatus('searching');
      searchTickers(search, controller.signal)
        .then((found) => {
          setItems(found);
          setActive(found.length > 0 ? 0 : -1);
          setStatus('done');
        })
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          console.error('Ticker search failed:', err);
          setStatus('error');
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, searchTickers]);

  function choose(item: TickerSuggestion) {
    typed.current = false;
    onChange({ ticker_id: item.ticker_id, symbol: item.symbol, long_name: item.long_name });
    setText(`${item.long_name} (${item.symbol})`);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(items.length - 1, a + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((a) => Math.max(0, a - 1));
    } else if (event.key === 'Enter' && open && active >= 0 && items[active]) {
      event.preventDefault();
      choose(items[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  }

  const listId = `${id}-list`;
  const market = (countryId: number) => MARKETS.find((m) => m.id === countryId)?.exchange ?? '';
  const showList = open && text.trim() !== '' && status !== 'idle';
  return (
    <Form.Group className="mb-3 position-relative" controlId={`${id}-input`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${id}-opt-${active}` : undefined}
        autoComplete="off"
        placeholder={t('picker.placeholder')}
        value={text}
        autoFocus={autoFocus}
        isInvalid={Boolean(error)}
        onChange={(e) => {
          typed.current = true;
          setText(e.target.value);
          if (e.target.value.trim() === '') {
            setItems([]);
            setStatus('idle');
          }
          setOpen(true);
          if (value) onChange(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onFocus={() => setOpen(true)}
      />
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      {showList && (
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          className="list-group position-absolute w-100 shadow-sm overflow-auto"
          style={{ zIndex: 1060, maxHeight: AUTOCOMPLETE_MAX_HEIGHT }}
        >
          {status === 'searching' && items.length === 0 && (
            <li className="list-group-item text-body-secondary" role="presentation">
              {t('picker.searching')}
            </li>
          )}
          {status === 'error' && (
            <li className="list-group-item text-danger" role="presentation">
              {t('picker.failed')}
            </li>
          )}
          {status === 'done' && items.length === 0 && (
            <li className="list-group-item text-body-secondary" role="presentation">
              {t('picker.noResults')}
            </li>
          )}
          {items.map((item, i) => (
            <li
              key={item.ticker_id}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              className={`list-group-item list-group-item-action ${i === active ? 'active' : ''}`}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(item);
              }}
            >
              {item.long_name}{' '}
              <span className="small opacity-75">
                ({item.symbol}, {market(item.country_id)})
              </span>
              {item.delisted_on && (
                <span className="badge text-bg-secondary ms-2">
                  {t('picker.delisted', { date: formatDate(item.delisted_on, i18n.language) })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Form.Group>
  );
}
