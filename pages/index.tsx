import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import DocumentTitle from '@/components/common/DocumentTitle';
import CallToAction from '@/components/common/marketing/CallToAction';
import FeatureGrid from '@/components/common/marketing/FeatureGrid';
import MarketCards from '@/components/common/marketing/MarketCards';
import { LandingMiniAnalysis, LandingSignalsAndPrice } from '@/components/landing/LandingShowcase';
import { landingLayout } from '@/layouts/LandingLayout';
import { PUBLIC_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const STEPS = ['choose', 'read', 'follow'] as const;

const LandingPage: NextPageWithLayout = () => {
  const { t } = useTranslation('pages');
  return (
    <>
      <DocumentTitle description={t('landing.lead')} />
      <section className="tv-hero">
        <div className="container tv-container py-5">
          <div className="row py-lg-5">
            <div className="col-lg-7">
              <p className="tv-eyebrow">{t('landing.eyebrow')}</p>
              <h1 className="display-5 fw-bold mb-3">
                <span className="visually-hidden">{`${t('common:appName')}: `}</span>
                {t('landing.title')}
              </h1>
              <p className="lead text-body-secondary mb-4">{t('landing.lead')}</p>
              <CallToAction secondaryHref="/public/about-analysis" secondaryKey="cta.howItWorks" />
            </div>
            <div className="col-lg-5 mt-4 mt-lg-0">
              <LandingMiniAnalysis />
            </div>
          </div>
        </div>
      </section>

      <div className="container tv-container py-5">
        <LandingSignalsAndPrice />
      </div>

      <section className="container tv-container py-5" aria-labelledby="features-title">
        <h2 id="features-title" className="h3 mb-4">
          {t('landing.featuresTitle')}
        </h2>
        <FeatureGrid />
      </section>

      <section className="container tv-container py-5" aria-labelledby="markets-title">
        <h2 id="markets-title" className="h3 mb-2">
          {t('landing.marketsTitle')}
        </h2>
        <p className="text-body-secondary mb-4 tv-prose">{t('landing.marketsText')}</p>
        <MarketCards />
        <p className="mt-4 mb-0">
          <Link href="/public/stocks" className="btn btn-outline-primary">
            {t('billing:publicStocks.landingLink')}
          </Link>
        </p>
      </section>

      <section className="container tv-container py-5" aria-labelledby="steps-title">
        <h2 id="steps-title" className="h3 mb-4">
          {t('landing.stepsTitle')}
        </h2>
        <ol className="row g-4 list-unstyled">
          {STEPS.map((step, index) => (
            <li key={step} className="col-md-4">
              <div className="tv-card h-100 p-4">
                <span className="tv-eyebrow d-block mb-2">
                  {t('landing.stepLabel', { number: index + 1 })}
                </span>
                <h3 className="h5">{t(`landing.steps.${step}.title`)}</h3>
                <p className="text-body-secondary mb-0">{t(`landing.steps.${step}.text`)}</p>
              </div>
            </li>
          ))}
        </ol>
        <p className="small text-body-secondary mt-4 mb-0">
          {t('landing.disclaimer')} <Link href="/public/disclaimer">{t('landing.disclaimerLink')}</Link>
        </p>
      </section>
    </>
  );
};

LandingPage.getLayout = landingLayout;

export const getStaticProps = staticTranslations([
  ...PUBLIC_NAMESPACES,
  'pages',
  'billing',
  'market',
  'analysis',
]);

export default LandingPage;
