import CurrentMarket from '@/components/common/CurrentMarket';
import PageHeader from '@/components/common/PageHeader';
import RequireAccess from '@/components/common/RequireAccess';
import DataAsOf from '@/components/market/DataAsOf';
import Dashboard from '@/components/market/Dashboard';
import FirstStepsCard from '@/components/onboarding/FirstStepsCard';
import WelcomeNotice from '@/components/onboarding/WelcomeNotice';
import NextDividends from '@/components/income/NextDividends';
import { sidebarLayout } from '@/layouts/SidebarLayout';
import { SIGNED_IN_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const HomePage: NextPageWithLayout = () => (
  <>
    <PageHeader page="home">
      <CurrentMarket />
    </PageHeader>
    {/* Home is open to every signed-in user (SPEC §6); its market data needs a subscription. */}
    <RequireAccess access="subscription">
      <WelcomeNotice />
      <FirstStepsCard />
      <DataAsOf staleOnly />
      <Dashboard />
      <NextDividends />
    </RequireAccess>
  </>
);

HomePage.getLayout = sidebarLayout('signedIn');

export const getStaticProps = staticTranslations([
  ...SIGNED_IN_NAMESPACES,
  'pages',
  'market',
  'operations',
  'onboarding',
  'income',
]);

export default HomePage;
