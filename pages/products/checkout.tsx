import DemoCheckout from '@/components/billing/DemoCheckout';
import { sidebarLayout } from '@/layouts/SidebarLayout';
import { SIGNED_IN_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

/** The demo provider's checkout page (Stripe's own page replaces it when Stripe is configured). */
const DemoCheckoutPage: NextPageWithLayout = () => <DemoCheckout />;

DemoCheckoutPage.getLayout = sidebarLayout('signedIn');

export const getStaticProps = staticTranslations([...SIGNED_IN_NAMESPACES, 'billing']);

export default DemoCheckoutPage;
