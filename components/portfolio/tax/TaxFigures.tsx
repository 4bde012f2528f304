import type { ReactNode } from 'react';

export interface TaxFigure {
  key: string;
  label: string;
  value: ReactNode;
  /** The figure the list leads to (shown larger). */
  emphasis?: boolean;
}

/** A row of labelled tax figures (a description list), as the report and the panel show them. */
export default function TaxFigures({ figures, testId }: { figures: TaxFigure[]; testId?: string }) {
  return (
    <dl className="row row-cols-2 row-cols-md-4 g-3 mb-3" data-testid={testId}>
      {figures.map((f) => (
        <div className="col" key={f.key}>
          <dt className="small text-body-secondary fw-normal">{f.label}</dt>
          <dd className={`mb-0 tabular-nums${f.emphasis ? ' h5' : ''}`}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
