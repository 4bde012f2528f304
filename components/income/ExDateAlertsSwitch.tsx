import { useEffect, useId } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'next-i18next/pages';
import { notify } from '@/components/common/notify';
import { useIncomeStore } from '@/stores/useIncomeStore';

/**
 * Issue 41: "notify me on the ex-dividend date of a share I hold" (income_settings.ex_date_alerts).
 * Saved at once; the notification comes with the daily refresh, in the bell and the e-mail digest
 * as the other alerts (Notifications in the profile decides which).
 */
export default function ExDateAlertsSwitch() {
  const { t } = useTranslation('income');
  const id = useId();
  const settings = useIncomeStore((s) => s.settings);
  const fetchSettings = useIncomeStore((s) => s.fetchSettings);
  const saveSettings = useIncomeStore((s) => s.saveSettings);

  useEffect(() => {
    void fetchSettings();
  }, [fetchSettings]);

  if (!settings.data) return null;
  const inputId = `tv-ex-date-alerts-${id}`;
  return (
    <div className="mb-3">
      <Form.Check
        type="switch"
        role="switch"
        id={inputId}
        checked={settings.data.ex_date_alerts}
        label={t('exDateAlerts.label')}
        aria-describedby={`${inputId}-help`}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          saveSettings({ ex_date_alerts: on }).then(
            () => notify.success(t(on ? 'exDateAlerts.on' : 'exDateAlerts.off')),
            () => notify.error(t('settings.failed')),
          );
        }}
      />
      <Form.Text id={`${inputId}-help`} className="d-block">
        {t('exDateAlerts.help')}
      </Form.Text>
    </div>
  );
}
