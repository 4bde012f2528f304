import dynamic from 'next/dynamic';
import { Modal } from 'react-bootstrap';
import { useTranslation } from 'next-i18next/pages';
import Loader from '@/components/common/Loader';

// The registration form is loaded when the modal first opens.
const RegisterForm = dynamic(() => import('@/components/auth/RegisterForm'), {
  ssr: false,
  loading: () => <Loader />,
});

/**
 * The registration modal of the public top bar; transitions 300 ms / backdrop 150 ms (SPEC §9,
 * Sass). Loaded on the first click of Register (RegisterModalButton), so react-bootstrap's Modal
 * is not part of the public pages' first-load JavaScript.
 */
export default function RegisterModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  const { t } = useTranslation('nav');
  return (
    <Modal show={show} onHide={onHide} aria-labelledby="register-modal-title" centered size="lg">
      <Modal.Header closeButton closeLabel={t('common:close')}>
        <Modal.Title id="register-modal-title" as="h2" className="h4">
          {t('public.registerTitle')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{show && <RegisterForm onSuccess={onHide} />}</Modal.Body>
    </Modal>
  );
}
