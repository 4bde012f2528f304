import DataAsOf from '@/components/market/DataAsOf';
import PageHeader from '@/components/common/PageHeader';
import NewPatternSignals from '@/components/patterns/NewPatternSignals';
import PatternRecordTable from '@/components/patterns/PatternRecordTable';
import SignalsView from '@/components/signals/SignalsView';
import { sidebarLayout } from '@/layouts/SidebarLayout';
import { SIGNED_IN_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const SignalsPage: NextPageWithLayout = () => (
  <>
    <PageHeader page="signals">
      <div className="mt-2">
        <DataAsOf />
      </div>
    </PageHeader>
    <SignalsView />
    <NewPatternSignals />
    <PatternRecordTable />
  </>
);

SignalsPage.getLayout = sidebarLayout('subscription');

export const getStaticProps = staticTranslations([
  ...SIGNED_IN_NAMESPACES,
  'pages',
  'market',
  'operations',
  'signals',
  'trackrecord',
  'patterns',
]);

export default SignalsPage;
