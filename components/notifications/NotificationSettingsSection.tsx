import { useEffect, useRef, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'next-i18next/pages';
import ProfileSection, {
  useAutoClearMessage,
  type SectionMessage,
} from '@/components/auth/profile/ProfileSection';
import { useNotificationStore } from '@/stores/useNotificationStore';

/** The profile page's notification settings (issue 17): in-app and e-mail alerts on or off. */
export default function NotificationSettingsSection() {
  const { t } = useTranslation('alerts');
  const settings = useNotificationStore((s) => s.settings);
  const [message, setMessage] = useState<SectionMessage | null>(null);
  const [saving, setSaving] = useState(false);
  const messageRef = useRef<HTMLDivElement>(null);
  useAutoClearMessage(message, setMessage);

  useEffect(() => {
    void useNotificationStore.getState().fetchSettings();
  }, []);

  async function save(change: { in_app?: boolean; email?: boolean }) {
    setSaving(true);
    try {
      await useNotificationStore.getState().saveSettings(change);
      setMessage({ kind: 'success', text: t('settings.saved') });
    } catch {
      setMessage({ kind: 'error', text: t('settings.error') });
    } finally {
      setSaving(false);
    }
  }

  return (
    <ProfileSection
      title={t('settings.title')}
      intro={<p>{t('settings.description')}</p>}
      message={message}
      messageRef={messageRef}
    >
      <Form.Check
        type="switch"
        role="switch"
        id="tv-alerts-in-app"
        label={t('settings.inApp')}
        checked={settings?.in_app ?? false}
        disabled={!settings || saving}
        onChange={(e) => void save({ in_app: e.currentTarget.checked })}
      />
      <Form.Check
        type="switch"
        role="switch"
        id="tv-alerts-email"
        label={t('settings.email')}
        checked={settings?.email ?? false}
        disabled={!settings || saving}
        onChange={(e) => void save({ email: e.currentTarget.checked })}
      />
    </ProfileSection>
  );
}
