import { useEffect } from 'react';
import { useMarketStore } from '@/stores/useMarketStore';
import { usePatternSignalsStore } from '@/stores/usePatternSignalsStore';

const FETCH = { newToday: 'fetchNewToday', record: 'fetchRecord' } as const;

/**
 * One of the signals page's pattern resources for the selected market and timeframe, fetched
 * again when either changes; the timeframe comes back for the links.
 */
export function useMarketPatternData<K extends keyof typeof FETCH>(key: K) {
  const marketId = useMarketStore((s) => s.marketId);
  const timeframe = useMarketStore((s) => s.timeframe);
  const resource = usePatternSignalsStore((s) => s[key]);
  const fetchResource = usePatternSignalsStore((s) => s[FETCH[key]]);
  useEffect(() => {
    void fetchResource(marketId, timeframe);
  }, [marketId, timeframe, fetchResource]);
  return { resource, timeframe };
}
