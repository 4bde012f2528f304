import {
  draftInput,
  draftOf,
  emptyDraft,
  isDirty,
  parseTags,
  withChange,
} from '@/components/articles/admin/editor/articleDraft';
import type { ArticleDto } from '@/lib/types/article';

const article: ArticleDto = {
  article_id: 3,
  language: 'nb',
  slug: 'rsi-forklart',
  title: 'RSI forklart',
  summary: 'Kort om RSI',
  body_markdown: '# RSI',
  tags: ['rsi', 'momentum'],
  cover_image_id: null,
  status: 'draft',
  publish_at: null,
  published_at: null,
  author_uid: 'demo-admin',
  translation_of: null,
  created_at: '2026-11-24T12:00:00.000Z',
  updated_at: '2026-11-24T12:00:00.000Z',
};

describe('articleDraft (the editor form state, pure)', () => {
  it('lets the slug follow the title until it is touched', () => {
    const d = withChange(emptyDraft('nb'), 'title', 'Hva sier RSI?', false);
    expect(d.slug).toBe('hva-sier-rsi');
    const touched = withChange({ ...d, slug: 'min-slug' }, 'title', 'Noe annet', true);
    expect(touched).toMatchObject({ title: 'Noe annet', slug: 'min-slug' });
  });

  it('splits tags on commas, trimmed, lower case, without empties', () => {
    expect(parseTags(' Teknisk Analyse, RSI ,, ')).toEqual(['teknisk analyse', 'rsi']);
  });

  it('is dirty only when the draft differs from the saved article (or an empty one)', () => {
    expect(isDirty(null, emptyDraft('en'))).toBe(false);
    expect(isDirty(null, withChange(emptyDraft('en'), 'summary', 'x', false))).toBe(true);
    expect(isDirty(article, draftOf(article))).toBe(false);
    expect(isDirty(article, { ...draftOf(article), tags: 'rsi' })).toBe(true);
  });

  it('builds the API input: trimmed texts, parsed tags, no slug when blank', () => {
    const draft = { ...draftOf(article), title: '  RSI forklart ', slug: '  ', tags: 'RSI, Momentum' };
    expect(draftInput(draft, 'scheduled', '2026-12-01T08:00:00.000Z')).toEqual({
      language: 'nb',
      title: 'RSI forklart',
      slug: undefined,
      summary: 'Kort om RSI',
      body_markdown: '# RSI',
      tags: ['rsi', 'momentum'],
      cover_image_id: null,
      status: 'scheduled',
      publish_at: '2026-12-01T08:00:00.000Z',
    });
  });
});
