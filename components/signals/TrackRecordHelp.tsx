import { useTranslation } from 'next-i18next/pages';
import HelpSections, { type HelpSection } from '@/components/common/HelpSections';

/** The public explanation of the track record (issue 17): how it is computed, what it does not promise. */
export default function TrackRecordHelp() {
  const { t } = useTranslation('trackrecord');
  const sections = t('help.sections', { returnObjects: true }) as HelpSection[] | string;
  return (
    <section id="track-record" className="tv-prose mt-5" aria-labelledby="track-record-title">
      <h2 id="track-record-title">{t('help.title')}</h2>
      <HelpSections sections={sections} headingLevel="h3" />
    </section>
  );
}
