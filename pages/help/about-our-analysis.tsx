import HelpArticle from '@/components/common/HelpArticle';
import TrackRecordHelp from '@/components/signals/TrackRecordHelp';
import { sidebarLayout } from '@/layouts/SidebarLayout';
import { SIGNED_IN_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const HelpAboutOurAnalysisPage: NextPageWithLayout = () => (
  <>
    <HelpArticle topic="aboutOurAnalysis" />
    <TrackRecordHelp />
  </>
);

HelpAboutOurAnalysisPage.getLayout = sidebarLayout('signedIn');

export const getStaticProps = staticTranslations([...SIGNED_IN_NAMESPACES, 'help', 'trackrecord']);

export default HelpAboutOurAnalysisPage;
