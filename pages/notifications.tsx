import PageHeader from '@/components/common/PageHeader';
import NotificationsView from '@/components/notifications/NotificationsView';
import PriceAlertList from '@/components/notifications/PriceAlertList';
import { sidebarLayout } from '@/layouts/SidebarLayout';
import { SIGNED_IN_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const NotificationsPage: NextPageWithLayout = () => (
  <>
    <PageHeader page="notifications" />
    <NotificationsView />
    <PriceAlertList />
  </>
);

NotificationsPage.getLayout = sidebarLayout('subscription');

// 'patterns': a completed chart pattern's line names the pattern (issue 42).
export const getStaticProps = staticTranslations([...SIGNED_IN_NAMESPACES, 'pages', 'patterns']);

export default NotificationsPage;
