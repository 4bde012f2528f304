import TickerDividends from '@/components/income/TickerDividends';
import AnalysisView from '@/components/market/AnalysisView';
import DataAsOf from '@/components/market/DataAsOf';
import { sidebarLayout } from '@/layouts/SidebarLayout';
import { SIGNED_IN_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

// The ticker's name is the page's heading (AnalysisView renders it and the document title).
const AnalysisPage: NextPageWithLayout = () => (
  <>
    <DataAsOf staleOnly />
    <AnalysisView />
    <TickerDividends />
  </>
);

AnalysisPage.getLayout = sidebarLayout('subscription');

export const getStaticProps = staticTranslations([
  ...SIGNED_IN_NAMESPACES,
  'market',
  'analysis',
  'watchlist',
  'operations',
  'trackrecord',
  'patterns',
  'income',
]);

export default AnalysisPage;
