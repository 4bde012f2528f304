import PatternHelp from '@/components/patterns/PatternHelp';
import { sidebarLayout } from '@/layouts/SidebarLayout';
import { SIGNED_IN_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const HelpChartPatternsPage: NextPageWithLayout = () => <PatternHelp />;

HelpChartPatternsPage.getLayout = sidebarLayout('signedIn');

export const getStaticProps = staticTranslations([...SIGNED_IN_NAMESPACES, 'help', 'patterns']);

export default HelpChartPatternsPage;
