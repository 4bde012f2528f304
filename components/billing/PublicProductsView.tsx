import { useEffect, useRef } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { trackViewContent } from '@/services/analytics';
import PlanCards from './PlanCards';
import ProductsFaq from './ProductsFaq';
import { usePlans } from './usePlans';

/** /public/products: the plans for visitors ("Create an account" instead of "Subscribe") and the FAQ. */
export default function PublicProductsView() {
  const { t } = useTranslation('billing');
  const { plans, retry } = usePlans();
  const viewed = useRef(false);
  useEffect(() => {
    if (viewed.current || !plans.data) return;
    viewed.current = true;
    const monthly = plans.data.plans.find((p) => p.id === 'monthly');
    trackViewContent(
      {
        id: 'trendvakt-monthly',
        name: t('plans.monthly.name'),
        category: 'subscription',
        price: monthly?.amount,
      },
      plans.data.currency,
    );
  }, [plans.data, t]);
  return (
    <>
      <PlanCards plans={plans} onRetry={retry} />
      <ProductsFaq />
    </>
  );
}
