import { useId } from 'react';
import Form from 'react-bootstrap/Form';

/** The income-year selector of the tax panel and the year report. */
export default function TaxYearSelect({
  label,
  year,
  years,
  onChange,
}: {
  label: string;
  year: number;
  years: readonly number[];
  onChange(year: number): void;
}) {
  const id = useId();
  return (
    <div className="d-flex align-items-center gap-2">
      <Form.Label htmlFor={id} className="small mb-0">
        {label}
      </Form.Label>
      <Form.Select
        id={id}
        size="sm"
        className="w-auto"
        value={year}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
      >
        {years.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </Form.Select>
    </div>
  );
}
