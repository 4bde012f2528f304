import PageHeader from '@/components/common/PageHeader';
import WatchlistView from '@/components/watchlist/WatchlistView';
import { sidebarLayout } from '@/layouts/SidebarLayout';
import { SIGNED_IN_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const WatchlistPage: NextPageWithLayout = () => (
  <>
    <PageHeader page="watchlist" />
    <div className="mt-4">
      <WatchlistView />
    </div>
  </>
);

WatchlistPage.getLayout = sidebarLayout('subscription');

// The watchlist shows signals and gains with the portfolio's components (namespace `portfolio`).
export const getStaticProps = staticTranslations([
  ...SIGNED_IN_NAMESPACES,
  'pages',
  'watchlist',
  'portfolio',
  'a11y',
]);

export default WatchlistPage;
