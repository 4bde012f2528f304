import type { ReactNode } from 'react';

/** An empty result that says so (never a blank area). */
export default function EmptyState({
  title,
  text,
  action,
}: {
  title: string;
  text?: string;
  action?: ReactNode;
}) {
  return (
    <div className="text-center py-5 px-3" role="status">
      <div className="mb-3 text-body-tertiary" aria-hidden="true">
        <svg width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5">
          <circle cx="11" cy="11" r="7" />
          <line x1="21" y1="21" x2="16.65" y2="16.65" />
          <line x1="8" y1="11" x2="14" y2="11" />
        </svg>
      </div>
      <p className="h6 mb-1">{title}</p>
      {text && (
        <p className="text-body-secondary small mb-3 mx-auto" style={{ maxWidth: '28rem' }}>
          {text}
        </p>
      )}
      {action}
    </div>
  );
}
