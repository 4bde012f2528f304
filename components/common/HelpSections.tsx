export interface HelpSection {
  heading: string;
  /** Anchor of the section (links such as /help/about-our-analysis#early-warning). */
  id?: string;
  paragraphs?: string[];
  items?: string[];
}

/**
 * The sections of a help text as i18next returns them (`returnObjects`): a heading, paragraphs and
 * an optional list each. Anything but an array (a missing key comes back as the key) renders nothing.
 */
export default function HelpSections({
  sections,
  headingLevel,
}: {
  sections: HelpSection[] | string;
  headingLevel: 'h2' | 'h3';
}) {
  if (!Array.isArray(sections)) return null;
  const Heading = headingLevel;
  return (
    <>
      {sections.map((section) => (
        <section key={section.heading} id={section.id}>
          <Heading className={headingLevel === 'h3' ? 'h5' : undefined}>{section.heading}</Heading>
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
    </>
  );
}
