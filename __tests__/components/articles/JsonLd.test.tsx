import { renderToStaticMarkup } from 'react-dom/server';
import { serializeJsonLd } from '@/components/articles/JsonLd';

describe('serializeJsonLd', () => {
  it('keeps a title that tries to end the script element inside the JSON', () => {
    const data = { headline: '</script><script>alert(1)</script> & <!-- x -->', text: 'a\u2028b' };
    const json = serializeJsonLd(data);
    expect(json).not.toMatch(/[<>&\u2028]/);
    // Still the same data for a JSON reader.
    expect(JSON.parse(json)).toEqual(data);
  });

  it('renders one ld+json script whose text parses back to the data', async () => {
    const { default: JsonLd } = await import('@/components/articles/JsonLd');
    const html = renderToStaticMarkup(
      <JsonLd data={{ headline: '</script><img src=x onerror=alert(1)>' }} />,
    );
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const script = doc.querySelector('script[type="application/ld+json"]')!;
    expect(JSON.parse(script.textContent!)).toEqual({ headline: '</script><img src=x onerror=alert(1)>' });
    expect(doc.querySelector('img')).toBeNull();
  });
});
