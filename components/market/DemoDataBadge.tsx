import { useTranslation } from 'next-i18next/pages';

/** DESIGN.md §8: demo prices are clearly labelled as such (the explanation on hover and for screen readers). */
export default function DemoDataBadge() {
  const { t } = useTranslation('market');
  return (
    <span
      className="badge rounded-pill bg-warning-subtle text-warning-emphasis border border-warning-subtle"
      title={t('demo.explain')}
      data-testid="demo-badge"
    >
      {t('demo.badge')}
      <span className="visually-hidden">: {t('demo.explain')}</span>
    </span>
  );
}
