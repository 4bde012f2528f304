import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import type { PatternKind } from '@/lib/patterns';

/** Where the help page explains a pattern kind (its section's id is the kind). */
export const patternHelpHref = (kind: PatternKind) => `/help/chart-patterns#${kind}`;

/**
 * Issue 42: a pattern's name as a badge that opens its explanation on the help page: a link, so
 * Tab reaches it and Enter opens it; its accessible name says where it goes.
 */
export default function PatternBadge({ kind }: { kind: PatternKind }) {
  const { t } = useTranslation('patterns');
  return (
    <Link
      href={patternHelpHref(kind)}
      className="badge rounded-pill bg-body-tertiary text-body border text-decoration-none text-wrap"
      aria-label={t('badgeLabel', { pattern: t(`kindTitle.${kind}`) })}
    >
      {t(`kindTitle.${kind}`)}
    </Link>
  );
}
