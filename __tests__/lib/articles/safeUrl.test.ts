import { safeImageUrl, safeLinkUrl } from '@/lib/articles/safeUrl';
import { slugify } from '@/lib/slug';

describe('safeLinkUrl', () => {
  it.each([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['http://example.com', 'http://example.com'],
    ['mailto:post@example.com', 'mailto:post@example.com'],
    ['/help/tools', '/help/tools'],
    ['#terskler', '#terskler'],
    ['javascript:alert(1)', null],
    ['JAVASCRIPT:alert(1)', null],
    ['java\tscript:alert(1)', null],
    [' javascript:alert(1)', null],
    ['data:text/html,x', null],
    ['vbscript:x', null],
    ['file:///etc/passwd', null],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['relative/path', null],
    ['https://', null],
    ['', null],
  ])('%j -> %j', (url, expected) => {
    expect(safeLinkUrl(url)).toBe(expected);
  });
});

describe('safeImageUrl', () => {
  const id = '0123456789abcdef0123456789abcdef';
  it.each([
    [`/api/v1/images/${id}`, `/api/v1/images/${id}`],
    ['https://example.com/x.png', 'https://example.com/x.png'],
    ['http://example.com/x.png', null],
    [`/api/v1/images/${id}/../../admin`, null],
    ['/api/v1/images/x', null],
    ['/img/logo.png', null],
    ['data:image/png;base64,AAAA', null],
    ['javascript:alert(1)', null],
  ])('%j -> %j', (url, expected) => {
    expect(safeImageUrl(url)).toBe(expected);
  });
});

describe('slugify', () => {
  it.each([
    ['Slik leser du scoren', 'slik-leser-du-scoren'],
    ['Hva sier volumbalansen?', 'hva-sier-volumbalansen'],
    ['Ærlig, øvrig og åpen', 'aerlig-ovrig-og-apen'],
    ['  Crème brûlée — 2024!  ', 'creme-brulee-2024'],
    ['!!!', ''],
  ])('%j -> %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });
});
