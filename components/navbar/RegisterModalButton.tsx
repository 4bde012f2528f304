import { useState } from 'react';
import dynamic from 'next/dynamic';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'next-i18next/pages';
import Loader from '@/components/common/Loader';

// The registration form is loaded when the modal first opens.
const RegisterForm = dynamic(() => import('@/components/auth/RegisterForm'), {
  ssr: false,
  loading: () => <Loader />,
});

/** The top bar's Register button and modal (SPEC §2); transitions 300 ms / backdrop 150 ms (SPEC §9, Sass). */
export default function RegisterModalButton() {
  const { t } = useTranslation('nav');
  const [show, setShow] = useState(false);
  return (
    <>
      <Button
        variant="primary"
        size="sm"
        className="ms-lg-1"
        onClick={() => setShow(true)}
        aria-haspopup="dialog"
      >
        {t('public.register')}
      </Button>
      <Modal
        show={show}
        onHide={() => setShow(false)}
        aria-labelledby="register-modal-title"
        centered
        size="lg"
      >
        <Modal.Header closeButton closeLabel={t('common:close')}>
          <Modal.Title id="register-modal-title" as="h2" className="h4">
            {t('public.registerTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{show && <RegisterForm onSuccess={() => setShow(false)} />}</Modal.Body>
      </Modal>
    </>
  );
}
