import HelpArticle from '@/components/common/HelpArticle';
import { sidebarLayout } from '@/layouts/SidebarLayout';
import { SIGNED_IN_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const HelpGettingStartedPage: NextPageWithLayout = () => <HelpArticle topic="gettingStarted" />;

HelpGettingStartedPage.getLayout = sidebarLayout('signedIn');

export const getStaticProps = staticTranslations([...SIGNED_IN_NAMESPACES, 'help']);

export default HelpGettingStartedPage;
