import { useTranslation } from 'next-i18next/pages';

interface Section {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

/** The public explanation of the track record (issue 17): how it is computed, what it does not promise. */
export default function TrackRecordHelp() {
  const { t } = useTranslation('trackrecord');
  const sections = t('help.sections', { returnObjects: true }) as Section[] | string;
  return (
    <section id="track-record" className="tv-prose mt-5" aria-labelledby="track-record-title">
      <h2 id="track-record-title">{t('help.title')}</h2>
      {Array.isArray(sections) &&
        sections.map((section) => (
          <section key={section.heading}>
            <h3 className="h5">{section.heading}</h3>
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
    </section>
  );
}
