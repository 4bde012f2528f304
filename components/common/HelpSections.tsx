export interface HelpSection {
  heading: string;
  /** Anchor of the section (links such as /help/about-our-analysis#early-warning). */
  id?: string;
  paragraphs?: string[];
  items?: string[];
  /**
   * An annotated screenshot of the screen the section explains (made by `npm run help:screenshots`
   * from the running demo); the caption names each numbered mark. Width and height are the image's
   * pixels (strings, as every value of a locale file), so its box has its final size before it loads.
   */
  image?: { src: string; alt: string; caption?: string; width: string; height: string };
}

/**
 * The sections of a help text as i18next returns them (`returnObjects`): a heading, paragraphs, an
 * optional list and an optional annotated screenshot each. Anything but an array (a missing key comes back as the key) renders nothing.
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
          {section.image && (
            <figure className="figure d-block my-3">
              {/* eslint-disable-next-line @next/next/no-img-element -- a static PNG with its size; no resizing wanted */}
              <img
                src={section.image.src}
                alt={section.image.alt}
                width={section.image.width}
                height={section.image.height}
                loading="lazy"
                decoding="async"
                className="figure-img img-fluid rounded border"
              />
              {section.image.caption && (
                <figcaption className="figure-caption">{section.image.caption}</figcaption>
              )}
            </figure>
          )}
        </section>
      ))}
    </>
  );
}
