import type { ReactNode } from 'react';
import { useTranslation } from 'next-i18next/pages';
import DocumentTitle from './DocumentTitle';

interface PageHeaderProps {
  /** Key of the page in the `pages` namespace: `<page>.title` and `<page>.description`. */
  page: string;
  children?: ReactNode;
}

/** A page's heading and the sentence that says what the page is for (also the document title). */
export default function PageHeader({ page, children }: PageHeaderProps) {
  const { t } = useTranslation('pages');
  const title = t(`${page}.title`);
  const description = t(`${page}.description`);
  return (
    <header className="tv-page-header">
      <DocumentTitle title={title} description={description} />
      <h1 className="mb-2">{title}</h1>
      <p className="lead text-body-secondary mb-0 tv-prose">{description}</p>
      {children}
    </header>
  );
}
