import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';

/** One column of an import table: its header, and the cell it shows for a row. */
export interface ImportColumn<R> {
  key: string;
  header: string;
  /** Numbers are right-aligned. */
  end?: boolean;
  /** Dates are kept on one line. */
  nowrap?: boolean;
  cell(row: R): ReactNode;
}

/**
 * A titled section holding one small table of the import preview (the lines that fail, the rows
 * to import, the rows to review): the same markup for all three, so they look and read alike.
 */
export default function ImportTable<R>({
  titleId,
  title,
  titleClassName = 'h6',
  intro,
  columns,
  rows,
  rowKey,
  striped = false,
  responsive = true,
}: {
  titleId: string;
  title: string;
  titleClassName?: string;
  intro?: string;
  columns: NoInfer<ImportColumn<R>>[];
  rows: readonly R[];
  rowKey(row: R, index: number): string | number;
  striped?: boolean;
  responsive?: boolean;
}) {
  const cls = (c: ImportColumn<R>) =>
    [c.end ? 'text-end' : '', c.nowrap ? 'text-nowrap' : ''].filter(Boolean).join(' ') || undefined;
  return (
    <section aria-labelledby={titleId} className="mb-3">
      <h3 id={titleId} className={titleClassName}>
        {title}
      </h3>
      {intro && <p className="small text-body-secondary">{intro}</p>}
      <Table size="sm" striped={striped} responsive={responsive} className="mb-0">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.end ? 'text-end' : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={rowKey(r, i)}>
              {columns.map((c) => (
                <td key={c.key} className={cls(c)}>
                  {c.cell(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}
