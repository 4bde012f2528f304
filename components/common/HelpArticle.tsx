import { useTranslation } from 'next-i18next/pages';
import DocumentTitle from './DocumentTitle';
import HelpSections, { type HelpSection } from './HelpSections';

export type HelpTopic =
  | 'gettingStarted'
  | 'aboutAnalysis'
  | 'stockInGeneral'
  | 'technicalAnalysis'
  | 'tools'
  | 'aboutOurAnalysis'
  | 'aboutUs';

/** A help text from the `help` namespace; the public pages and the signed-in help share them. */
export default function HelpArticle({
  topic,
  namespace = 'help',
}: {
  topic: string;
  namespace?: 'help' | 'legal';
}) {
  const { t } = useTranslation(namespace);
  const title = t(`${topic}.title`);
  const intro = t(`${topic}.intro`);
  const sections = t(`${topic}.sections`, { returnObjects: true }) as HelpSection[] | string;
  return (
    <article className="tv-prose">
      <DocumentTitle title={title} description={intro} />
      <h1 className="mb-3">{title}</h1>
      <p className="lead text-body-secondary">{intro}</p>
      <HelpSections sections={sections} headingLevel="h2" />
    </article>
  );
}
