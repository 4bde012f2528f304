import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'next-i18next/pages';
import type { PortfolioDto } from '@/lib/types/portfolio';

interface PortfolioToolbarProps {
  portfolios: PortfolioDto[];
  selectedId: number | null;
  onSelect(portfolioId: number): void;
  onCreate(): void;
  onRename(): void;
  onDelete(): void;
  onAddTransaction(): void;
  onImport(): void;
  onExport(): void;
  exporting: boolean;
}

/** Choose the portfolio, and what can be done with it. */
export default function PortfolioToolbar(props: PortfolioToolbarProps) {
  const { t } = useTranslation('portfolio');
  const id = useId();
  const { portfolios, selectedId } = props;
  const has = selectedId !== null;
  return (
    <div className="d-flex flex-wrap align-items-end gap-2 mb-4">
      <Form.Group controlId={`${id}-select`} className="me-2" style={{ minWidth: '14rem' }}>
        <Form.Label className="small mb-1">{t('selector.label')}</Form.Label>
        <Form.Select value={selectedId ?? ''} onChange={(e) => props.onSelect(Number(e.target.value))}>
          {portfolios.map((p) => (
            <option key={p.portfolio_id} value={p.portfolio_id}>
              {p.portfolio_name}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <div className="d-flex flex-wrap gap-2" role="group" aria-label={t('selector.actions')}>
        <Button variant="primary" onClick={props.onAddTransaction} disabled={!has}>
          {t('selector.addTransaction')}
        </Button>
        <Button variant="outline-primary" onClick={props.onCreate}>
          {t('selector.create')}
        </Button>
        <Button variant="outline-secondary" onClick={props.onRename} disabled={!has}>
          {t('selector.rename')}
        </Button>
        <Button variant="outline-secondary" onClick={props.onImport} disabled={!has}>
          {t('selector.import')}
        </Button>
        <Button variant="outline-secondary" onClick={props.onExport} disabled={!has || props.exporting}>
          {t('selector.export')}
        </Button>
        <Button variant="outline-danger" onClick={props.onDelete} disabled={!has}>
          {t('selector.delete')}
        </Button>
      </div>
    </div>
  );
}
