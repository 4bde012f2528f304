import ErrorMessage from '@/components/common/ErrorMessage';
import { errorLayout } from '@/layouts/ErrorLayout';
import { SHELL_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const ServerErrorPage: NextPageWithLayout = () => <ErrorMessage code={500} />;

ServerErrorPage.getLayout = errorLayout;

export const getStaticProps = staticTranslations([...SHELL_NAMESPACES, 'errors']);

export default ServerErrorPage;
