import HelpArticle from '@/components/common/HelpArticle';
import TrackRecordHelp from '@/components/signals/TrackRecordHelp';
import { landingLayout } from '@/layouts/LandingLayout';
import { PUBLIC_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const PublicAboutOurAnalysisPage: NextPageWithLayout = () => (
  <div className="container tv-container py-5">
    <HelpArticle topic="aboutOurAnalysis" />
    <TrackRecordHelp />
  </div>
);

PublicAboutOurAnalysisPage.getLayout = landingLayout;

export const getStaticProps = staticTranslations([...PUBLIC_NAMESPACES, 'help', 'trackrecord']);

export default PublicAboutOurAnalysisPage;
