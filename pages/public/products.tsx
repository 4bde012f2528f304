import { useTranslation } from 'next-i18next/pages';
import CallToAction from '@/components/common/marketing/CallToAction';
import PageHeader from '@/components/common/PageHeader';
import Icon from '@/components/common/Icon';
import { landingLayout } from '@/layouts/LandingLayout';
import { PUBLIC_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const PLANS = ['free', 'investor'] as const;

const PublicProductsPage: NextPageWithLayout = () => {
  const { t } = useTranslation('pages');
  return (
    <div className="container tv-container py-5">
      <PageHeader page="publicProducts" />
      <div className="row g-4 mb-5">
        {PLANS.map((plan) => (
          <div key={plan} className="col-md-6">
            <section
              className={`tv-card h-100 p-4${plan === 'investor' ? ' border-primary' : ''}`}
              aria-labelledby={`plan-${plan}`}
            >
              <h2 id={`plan-${plan}`} className="h4">
                {t(`publicProducts.plans.${plan}.title`)}
              </h2>
              <p className="text-body-secondary">{t(`publicProducts.plans.${plan}.text`)}</p>
              <ul className="list-unstyled mb-0">
                {(t(`publicProducts.plans.${plan}.items`, { returnObjects: true }) as string[]).map(
                  (item) => (
                    <li key={item} className="d-flex gap-2 mb-2">
                      <Icon name="check" className="text-success mt-1" />
                      <span>{item}</span>
                    </li>
                  ),
                )}
              </ul>
            </section>
          </div>
        ))}
      </div>
      <CallToAction />
    </div>
  );
};

PublicProductsPage.getLayout = landingLayout;

export const getStaticProps = staticTranslations([...PUBLIC_NAMESPACES, 'pages']);

export default PublicProductsPage;
