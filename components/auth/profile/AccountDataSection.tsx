import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { ApiError } from '@/services/apiError';
import { userService } from '@/services/userService';
import { useAuthStore } from '@/stores/useAuthStore';
import ProfileSection, { type SectionMessage } from './ProfileSection';

/**
 * "Your data" on the profile page (issue 23 item 7): download everything stored about you, or
 * delete the account after a confirmation that names what goes.
 */
export default function AccountDataSection() {
  const { t } = useTranslation('profile');
  const router = useRouter();
  const logout = useAuthStore((s) => s.logout);
  const [message, setMessage] = useState<SectionMessage | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function download() {
    setExporting(true);
    setMessage(null);
    try {
      const data = await userService.exportData();
      const url = URL.createObjectURL(
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
      );
      const link = document.createElement('a');
      link.href = url;
      link.download = 'trendvakt-my-data.json';
      link.click();
      URL.revokeObjectURL(url);
    } catch {
      setMessage({ kind: 'error', text: t('account.exportFailed') });
    } finally {
      setExporting(false);
    }
  }

  async function remove() {
    setDeleting(true);
    try {
      await userService.deleteAccount();
      setConfirming(false);
      await logout().catch(() => undefined);
      await router.push('/');
    } catch (err) {
      setConfirming(false);
      const recent = err instanceof ApiError && err.code === 'RECENT_SIGN_IN_REQUIRED';
      setMessage({ kind: 'error', text: t(recent ? 'account.signInAgain' : 'account.deleteFailed') });
    } finally {
      setDeleting(false);
    }
  }

  return (
    <ProfileSection
      title={t('account.title')}
      intro={t('account.intro')}
      message={message}
      messageRef={messageRef}
    >
      <div className="d-flex flex-wrap gap-2">
        <Button variant="outline-primary" onClick={() => void download()} disabled={exporting}>
          {exporting ? t('account.exporting') : t('account.export')}
        </Button>
        <Button variant="outline-danger" onClick={() => setConfirming(true)}>
          {t('account.delete')}
        </Button>
      </div>
      <Modal show={confirming} onHide={() => !deleting && setConfirming(false)} centered>
        <Modal.Header closeButton>
          <Modal.Title>{t('account.confirmTitle')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{t('account.confirmBody')}</p>
          <p className="mb-0 text-body-secondary">{t('account.confirmRecent')}</p>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={deleting}>
            {t('account.cancel')}
          </Button>
          <Button variant="danger" onClick={() => void remove()} disabled={deleting}>
            {deleting ? t('account.deleting') : t('account.confirm')}
          </Button>
        </Modal.Footer>
      </Modal>
    </ProfileSection>
  );
}
