/**
 * DESIGN.md §9: a failed load, said inline with a retry. Plain Bootstrap alert markup (no fade
 * transition on a page's first load for an alert that is never dismissed).
 */
export default function RetryAlert({
  message,
  retryLabel,
  onRetry,
}: {
  message: string;
  retryLabel: string;
  onRetry(): void;
}) {
  return (
    <div className="alert alert-danger d-flex flex-wrap align-items-center gap-3" role="alert">
      <span className="me-auto">{message}</span>
      <button type="button" className="btn btn-sm btn-outline-danger" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
