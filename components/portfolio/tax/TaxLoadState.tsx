import Spinner from 'react-bootstrap/Spinner';

/** The spinner line while a tax figure set loads. */
export function TaxLoading({ label }: { label: string }) {
  return (
    <div className="d-flex align-items-center gap-2 py-3" role="status">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** A failed load: the message and a retry button, announced as an alert. */
export { default as TaxLoadError } from '@/components/common/RetryAlert';
