import { useRouter } from 'next/router';
import { formatChangePct } from './formatters';

/** A day's change in percent, green when up and red when down, with an arrow for colour-blind eyes. */
export default function ChangeValue({
  changePct,
  className = '',
}: {
  changePct: number;
  className?: string;
}) {
  const { locale } = useRouter();
  const tone = changePct > 0 ? 'text-success' : changePct < 0 ? 'text-danger' : 'text-body-secondary';
  const arrow = changePct > 0 ? '▲' : changePct < 0 ? '▼' : '';
  return (
    <span className={`${tone} fw-semibold ${className}`} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {arrow && (
        <span aria-hidden="true" className="me-1" style={{ fontSize: '0.7em' }}>
          {arrow}
        </span>
      )}
      {formatChangePct(changePct, locale)}
    </span>
  );
}
