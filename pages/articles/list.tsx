import PageHeader from '@/components/common/PageHeader';
import { sidebarLayout } from '@/layouts/SidebarLayout';
import { SIGNED_IN_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const ArticlesPage: NextPageWithLayout = () => <PageHeader page="articles" />;

ArticlesPage.getLayout = sidebarLayout('subscription');

export const getStaticProps = staticTranslations([...SIGNED_IN_NAMESPACES, 'pages']);

export default ArticlesPage;
