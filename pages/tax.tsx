import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import PersonTaxReportView from '@/components/portfolio/PersonTaxReportView';
import TaxHarvestPanel from '@/components/portfolio/tax/TaxHarvestPanel';
import { sidebarLayout } from '@/layouts/SidebarLayout';
import { SIGNED_IN_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

/** The person-level tax report (issue 21): /tax?year=2025, printable. */
const TaxPage: NextPageWithLayout = () => {
  const router = useRouter();
  const { t } = useTranslation('personTax');
  const asked = Number(router.query.year);
  const year =
    Number.isInteger(asked) && asked >= 2006 && asked <= 2200 ? asked : new Date().getFullYear() - 1;
  return (
    <>
      <h1 className="h3">{t('title', { year })}</h1>
      <div className="mt-3">
        {router.isReady && <TaxHarvestPanel />}
        {router.isReady && (
          <PersonTaxReportView
            year={year}
            onYearChange={(y) => void router.replace({ pathname: '/tax', query: { year: y } })}
          />
        )}
      </div>
    </>
  );
};

TaxPage.getLayout = sidebarLayout('subscription');

export const getStaticProps = staticTranslations([
  ...SIGNED_IN_NAMESPACES,
  'portfolio',
  'personTax',
  'taxHarvest',
]);

export default TaxPage;
