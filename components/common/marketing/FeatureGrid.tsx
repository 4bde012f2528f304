import { useTranslation } from 'next-i18next/pages';
import Icon, { type IconName } from '@/components/common/Icon';

const FEATURES: { key: string; icon: IconName }[] = [
  { key: 'analysis', icon: 'trendingUp' },
  { key: 'signals', icon: 'signals' },
  { key: 'portfolios', icon: 'investments' },
  { key: 'watchlist', icon: 'eye' },
];

/** What the product does, in four cards (landing page and public products page). */
export default function FeatureGrid() {
  const { t } = useTranslation('pages');
  return (
    <div className="row g-4">
      {FEATURES.map((feature) => (
        <div key={feature.key} className="col-sm-6 col-xl-3">
          <div className="tv-card h-100 p-4">
            <span className="tv-feature-icon mb-3">
              <Icon name={feature.icon} size={22} />
            </span>
            <h3 className="h5">{t(`features.${feature.key}.title`)}</h3>
            <p className="text-body-secondary mb-0">{t(`features.${feature.key}.text`)}</p>
          </div>
        </div>
      ))}
    </div>
  );
}
