import OperationsPanel from '@/components/admin/OperationsPanel';
import { sidebarLayout } from '@/layouts/SidebarLayout';
import { SIGNED_IN_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const OperationsPage: NextPageWithLayout = () => <OperationsPanel />;

OperationsPage.getLayout = sidebarLayout('admin');

export const getStaticProps = staticTranslations([...SIGNED_IN_NAMESPACES, 'operations']);

export default OperationsPage;
