import DemoPortal from '@/components/billing/DemoPortal';
import { sidebarLayout } from '@/layouts/SidebarLayout';
import { SIGNED_IN_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

/** The demo provider's customer portal (Stripe's own portal replaces it when Stripe is configured). */
const DemoPortalPage: NextPageWithLayout = () => <DemoPortal />;

DemoPortalPage.getLayout = sidebarLayout('signedIn');

export const getStaticProps = staticTranslations([...SIGNED_IN_NAMESPACES, 'billing']);

export default DemoPortalPage;
