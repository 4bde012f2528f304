import { render } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import ArticleBody from '@/components/articles/ArticleBody';

// Markdown an attacker with an admin account (or a pasted text) might write. None may yield a
// script element, an event handler attribute, or a URL with a dangerous scheme in the DOM.
const XSS: [string, string][] = [
  ['script tag', '<script>alert(1)</script>'],
  ['script tag inline', 'Hei <script>alert(1)</script> du'],
  ['img onerror', '<img src=x onerror="alert(1)">'],
  ['svg with script', '<svg><script>alert(1)</script></svg>'],
  ['svg onload', '<svg onload=alert(1)></svg>'],
  ['iframe', '<iframe src="javascript:alert(1)"></iframe>'],
  ['style tag', '<style>body{background:url(javascript:alert(1))}</style>'],
  ['javascript link', '[klikk](javascript:alert(1))'],
  ['JavaScript link in capitals', '[klikk](JaVaScRiPt:alert(1))'],
  ['javascript link with an entity-encoded tab', '[klikk](java&#x09;script:alert(1))'],
  ['javascript link with an entity-encoded colon', '[klikk](javascript&#58;alert(1))'],
  ['data link', '[klikk](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
  ['vbscript link', '[klikk](vbscript:msgbox(1))'],
  ['data image', '![bilde](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
  ['javascript image', '![bilde](javascript:alert(1))'],
  ['http image (not https)', '![bilde](http://example.com/x.png)'],
  ['image with an onerror in its title', '![x](https://example.com/x.png "\\" onerror=\\"alert(1)")'],
  ['entity-encoded script tag', '&lt;script&gt;alert(1)&lt;/script&gt;'],
  ['numeric entity tag', '&#60;img src=x onerror=alert(1)&#62;'],
  ['reference-style javascript link', '[klikk][x]\n\n[x]: javascript:alert(1)'],
  ['reference-style data image', '![bilde][y]\n\n[y]: data:image/png;base64,AAAA'],
  ['autolink javascript', '<javascript:alert(1)>'],
  ['link with an html title', '[klikk](https://example.com "<script>alert(1)</script>")'],
  ['html inside a table', '| a |\n| - |\n| <img src=x onerror=alert(1)> |'],
  ['protocol-relative link', '[klikk](//evil.example/x)'],
  ['backslash host link', '[klikk](/\\evil.example/x)'],
];

const DANGEROUS_URL = /^\s*(javascript|data|vbscript|file):/i;

function assertSafe(container: Element) {
  expect(
    container.querySelectorAll('script, iframe, object, embed, svg, style, form, input:not([type=checkbox])'),
  ).toHaveLength(0);
  for (const el of container.querySelectorAll('*')) {
    for (const attr of el.getAttributeNames()) {
      expect(attr.startsWith('on')).toBe(false);
      expect(attr).not.toBe('style');
      expect(attr).not.toBe('srcdoc');
    }
    for (const attr of ['href', 'src', 'action', 'formaction', 'xlink:href']) {
      const value = el.getAttribute(attr);
      if (value !== null) expect(value).not.toMatch(DANGEROUS_URL);
    }
    const href = el.getAttribute('href');
    if (href !== null) expect(href.startsWith('//') || href.startsWith('/\\')).toBe(false);
    const src = el.getAttribute('src');
    if (src !== null) expect(src).toMatch(/^(https:|\/api\/v1\/images\/)/);
  }
}

describe('ArticleBody against an XSS list', () => {
  it.each(XSS)('%s: nothing runnable in the DOM', (_name, markdown) => {
    const { container } = render(<ArticleBody markdown={markdown} />);
    assertSafe(container);
  });

  it.each(XSS)('%s: nothing runnable in the server HTML either', (_name, markdown) => {
    const html = renderToStaticMarkup(<ArticleBody markdown={markdown} />);
    // Text may mention anything (a refused link is shown as its text); markup may not.
    expect(html).not.toMatch(/<(script|iframe|svg|style|object|embed)/i);
    expect(html).not.toMatch(/(href|src)="\s*(javascript|data|vbscript):/i);
    const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
    assertSafe(doc.body);
  });

  it('shows a refused link as its text and an entity-encoded tag as text', () => {
    const { container } = render(
      <ArticleBody markdown={'[klikk her](javascript:alert(1)) og &lt;b&gt;fet&lt;/b&gt;'} />,
    );
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain('klikk her');
    expect(container.textContent).toContain('<b>fet</b>');
    expect(container.querySelector('b')).toBeNull();
  });
});

describe('ArticleBody renders Markdown', () => {
  it('keeps http, https, mailto and site links, our images and https images', () => {
    const id = 'a'.repeat(32);
    const { container } = render(
      <ArticleBody
        markdown={[
          '[a](https://example.com/a) [b](http://example.com/b) [c](mailto:post@example.com) [d](/help/tools)',
          '',
          `![ours](/api/v1/images/${id}) ![theirs](https://example.com/x.png)`,
        ].join('\n')}
      />,
    );
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      'https://example.com/a',
      'http://example.com/b',
      'mailto:post@example.com',
      '/help/tools',
    ]);
    expect(container.querySelector('a')!.getAttribute('rel')).toBe('nofollow noopener noreferrer');
    const srcs = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(srcs).toEqual([`/api/v1/images/${id}`, 'https://example.com/x.png']);
  });

  it('renders headings, emphasis, GFM tables and task lists', () => {
    const { container } = render(
      <ArticleBody
        markdown={[
          '## Terskler',
          '',
          'Kjøp er **0,5** eller *høyere*.',
          '',
          '| signal | score |',
          '| --- | --- |',
          '| kjøp | ≥ 0,5 |',
          '| selg | ≤ -0,5 |',
          '',
          '- [x] les scoren',
          '- [ ] sjekk volumbalansen',
        ].join('\n')}
      />,
    );
    expect(container.querySelector('h2')!.textContent).toBe('Terskler');
    expect(container.querySelector('strong')!.textContent).toBe('0,5');
    expect(container.querySelector('em')!.textContent).toBe('høyere');
    const cells = [...container.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells).toEqual(['kjøp', '≥ 0,5', 'selg', '≤ -0,5']);
    const boxes = [...container.querySelectorAll('input[type=checkbox]')] as HTMLInputElement[];
    expect(boxes.map((b) => [b.checked, b.disabled])).toEqual([
      [true, true],
      [false, true],
    ]);
  });

  it('an image that is not allowed shows its alt text', () => {
    const { container } = render(<ArticleBody markdown={'![Graf over OSEBX](http://example.com/x.png)'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('Graf over OSEBX');
  });
});
