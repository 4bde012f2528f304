import { useTranslation } from 'next-i18next/pages';

/** Questions and answers: cancelling, what happens to portfolios when a subscription ends, VAT. */
export default function ProductsFaq() {
  const { t } = useTranslation('billing');
  const items = t('faq.items', { returnObjects: true }) as { q: string; a: string }[];
  return (
    <section aria-labelledby="faq-title" className="tv-prose">
      <h2 id="faq-title" className="h4 mb-3">
        {t('faq.title')}
      </h2>
      <dl className="mb-0">
        {items.map((item) => (
          <div key={item.q} className="mb-3">
            <dt className="fw-semibold">{item.q}</dt>
            <dd className="text-body-secondary mb-0">{item.a}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
