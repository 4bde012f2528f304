import { useEffect } from 'react';
import { useBillingStore } from '@/stores/useBillingStore';

/** The plans, fetched once per page visit. */
export function usePlans() {
  const plans = useBillingStore((s) => s.plans);
  const fetchPlans = useBillingStore((s) => s.fetchPlans);
  useEffect(() => {
    if (useBillingStore.getState().plans.status === 'idle') void fetchPlans();
  }, [fetchPlans]);
  return { plans, retry: fetchPlans };
}
