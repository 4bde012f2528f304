import HelpArticle from '@/components/common/HelpArticle';
import { landingLayout } from '@/layouts/LandingLayout';
import { PUBLIC_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const LegalPrivacyPage: NextPageWithLayout = () => (
  <div className="container tv-container py-5">
    <HelpArticle namespace="legal" topic="privacy" />
  </div>
);

LegalPrivacyPage.getLayout = landingLayout;

export const getStaticProps = staticTranslations([...PUBLIC_NAMESPACES, 'legal']);

export default LegalPrivacyPage;
