import HelpArticle from '@/components/common/HelpArticle';
import { sidebarLayout } from '@/layouts/SidebarLayout';
import { SIGNED_IN_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

/** Help: the tax rules the tax report applies, each with a worked example (issue 21). */
const HelpTaxPage: NextPageWithLayout = () => <HelpArticle topic="tax" />;

HelpTaxPage.getLayout = sidebarLayout('signedIn');

export const getStaticProps = staticTranslations([...SIGNED_IN_NAMESPACES, 'help']);

export default HelpTaxPage;
