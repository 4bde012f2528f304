/** Article calls (issue 12) through the one apiClient: the admin's writes and the readers' lists. */
import type {
  AdminArticleRowDto,
  ArticleDto,
  ArticleLanguage,
  ArticleStatus,
  ArticleSummaryDto,
  Paged,
  PublicArticleDto,
  UploadedImageDto,
} from '@/lib/types/article';
import type { ArticleWriteInput } from '@/lib/schemas/article';
import { http } from './api';

/** What the editor sends: the writable fields (POST), plus `updated_at` on PUT. */
export type ArticleInput = Partial<ArticleWriteInput> & Pick<ArticleWriteInput, 'language' | 'title'>;

export interface AdminListQuery {
  status?: ArticleStatus;
  language?: ArticleLanguage;
  page: number;
}

export const articlesService = {
  async adminList(query: AdminListQuery): Promise<Paged<AdminArticleRowDto>> {
    return (
      await http.get<Paged<AdminArticleRowDto>>('/admin/articles', { params: { view: 'list', ...query } })
    ).data;
  },
  async get(id: number): Promise<ArticleDto> {
    return (await http.get<ArticleDto>(`/admin/articles/${id}`)).data;
  },
  async create(input: ArticleInput): Promise<ArticleDto> {
    return (await http.post<ArticleDto>('/admin/articles', input)).data;
  },
  async update(id: number, input: ArticleInput & { updated_at: string }): Promise<ArticleDto> {
    return (await http.put<ArticleDto>(`/admin/articles/${id}`, input)).data;
  },
  async remove(id: number): Promise<void> {
    await http.delete(`/admin/articles/${id}`);
  },
  /** Upload an image's bytes as they are; the server checks the type from the bytes. */
  async uploadImage(file: Blob): Promise<UploadedImageDto> {
    return (
      await http.post<UploadedImageDto>('/admin/images', file, {
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
      })
    ).data;
  },
  async list(query: {
    language: ArticleLanguage;
    page: number;
    tag?: string;
  }): Promise<Paged<ArticleSummaryDto>> {
    return (await http.get<Paged<ArticleSummaryDto>>('/articles', { params: query })).data;
  },
  async read(language: ArticleLanguage, slug: string): Promise<PublicArticleDto> {
    return (await http.get<PublicArticleDto>(`/articles/${language}/${encodeURIComponent(slug)}`)).data;
  },
};
