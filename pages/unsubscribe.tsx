import UnsubscribeView from '@/components/notifications/UnsubscribeView';
import { landingLayout } from '@/layouts/LandingLayout';
import { PUBLIC_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const UnsubscribePage: NextPageWithLayout = () => (
  <div className="container tv-container py-5">
    <UnsubscribeView />
  </div>
);

UnsubscribePage.getLayout = landingLayout;

export const getStaticProps = staticTranslations([...PUBLIC_NAMESPACES, 'alerts']);

export default UnsubscribePage;
