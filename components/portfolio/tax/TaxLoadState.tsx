import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
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

/** A failed load: the message and a retry button, announced as an alert (Alert has role=alert). */
export function TaxLoadError({
  message,
  retryLabel,
  onRetry,
}: {
  message: string;
  retryLabel: string;
  onRetry(): void;
}) {
  return (
    <Alert variant="danger" className="mb-0">
      <p className="mb-2">{message}</p>
      <Button size="sm" variant="outline-danger" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Alert>
  );
}
