import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useTranslation } from 'next-i18next/pages';
import { notify } from '@/components/common/notify';
import type { IncomeSettingsDto } from '@/lib/types/income';
import { useIncomeStore } from '@/stores/useIncomeStore';

type LimitKey = 'holding_limit' | 'sector_limit' | 'currency_limit';
const LIMITS: { key: LimitKey; label: string }[] = [
  { key: 'holding_limit', label: 'settings.holdingLimit' },
  { key: 'sector_limit', label: 'settings.sectorLimit' },
  { key: 'currency_limit', label: 'settings.currencyLimit' },
];

/** A percentage text as a fraction in (0, 1], else null. */
function fraction(text: string): number | null {
  const n = Number(text.replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(n) && n > 0 && n <= 100 ? n / 100 : null;
}

/**
 * The user's concentration limits (issue 41), shown with the allocation.
 * `onSaved` runs after a save (the allocation is computed again with the new limits).
 */
export default function IncomeSettingsForm({ onSaved }: { onSaved(): void }) {
  const { t } = useTranslation('income');
  const settings = useIncomeStore((s) => s.settings);
  const fetchSettings = useIncomeStore((s) => s.fetchSettings);
  const saveSettings = useIncomeStore((s) => s.saveSettings);
  // What the user typed; until then the stored settings as percentages.
  const [edits, setEdits] = useState<Record<LimitKey, string> | null>(null);

  useEffect(() => {
    void fetchSettings();
  }, [fetchSettings]);

  const stored: IncomeSettingsDto | null = settings.data;
  const pct = (f: number) => String(Math.round(f * 1000) / 10);
  const values =
    edits ??
    (stored && {
      holding_limit: pct(stored.holding_limit),
      sector_limit: pct(stored.sector_limit),
      currency_limit: pct(stored.currency_limit),
    });
  const setValues = setEdits;

  if (!values) return null;
  const invalid = LIMITS.some(({ key }) => fraction(values[key]) === null);
  return (
    <Form
      noValidate
      className="mt-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (invalid) return;
        saveSettings({
          holding_limit: fraction(values.holding_limit)!,
          sector_limit: fraction(values.sector_limit)!,
          currency_limit: fraction(values.currency_limit)!,
        }).then(
          () => {
            setEdits(null);
            notify.success(t('settings.saved'));
            onSaved();
          },
          () => notify.error(t('settings.failed')),
        );
      }}
    >
      <h3 className="h6">{t('settings.title')}</h3>
      <Row className="g-2">
        {LIMITS.map(({ key, label }) => (
          <Col xs={12} sm={4} key={key}>
            <Form.Group controlId={`income-${key}`}>
              <Form.Label className="small">{t(label)}</Form.Label>
              <Form.Control
                size="sm"
                inputMode="decimal"
                value={values[key]}
                isInvalid={fraction(values[key]) === null}
                aria-describedby={`income-${key}-error`}
                onChange={(e) => setValues({ ...values, [key]: e.target.value })}
              />
              <Form.Control.Feedback type="invalid" id={`income-${key}-error`}>
                {t('settings.invalid')}
              </Form.Control.Feedback>
            </Form.Group>
          </Col>
        ))}
      </Row>
      <Button type="submit" size="sm" className="mt-2" disabled={invalid}>
        {t('settings.save')}
      </Button>
    </Form>
  );
}
