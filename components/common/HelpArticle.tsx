import { useTranslation } from 'next-i18next/pages';
import DocumentTitle from './DocumentTitle';

export type HelpTopic =
  | 'gettingStarted'
  | 'aboutAnalysis'
  | 'stockInGeneral'
  | 'technicalAnalysis'
  | 'tools'
  | 'aboutOurAnalysis'
  | 'aboutUs';

interface Section {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

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
  const sections = t(`${topic}.sections`, { returnObjects: true }) as Section[] | string;
  return (
    <article className="tv-prose">
      <DocumentTitle title={title} description={intro} />
      <h1 className="mb-3">{title}</h1>
      <p className="lead text-body-secondary">{intro}</p>
      {Array.isArray(sections) &&
        sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.paragraphs?.map((p) => (
              <p key={p}>{p}</p>
            ))}
            {section.items && (
              <ul>
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
    </article>
  );
}
