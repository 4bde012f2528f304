import { useState } from 'react';
import dynamic from 'next/dynamic';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'next-i18next/pages';

const loadModal = () => import('./RegisterModal');
// The modal (react-bootstrap's Modal and the form) loads on the first click; hovering or focusing
// the button starts the download early.
const RegisterModal = dynamic(loadModal, { ssr: false });

/** The top bar's Register button and modal (SPEC §2). */
export default function RegisterModalButton() {
  const { t } = useTranslation('nav');
  const [show, setShow] = useState(false);
  // Mounted from the first click on, so closing plays the modal's transition.
  const [opened, setOpened] = useState(false);
  const prefetch = () => void loadModal();
  return (
    <>
      <Button
        variant="primary"
        size="sm"
        className="ms-lg-1"
        onClick={() => {
          setOpened(true);
          setShow(true);
        }}
        onMouseEnter={prefetch}
        onFocus={prefetch}
        aria-haspopup="dialog"
      >
        {t('public.register')}
      </Button>
      {opened && <RegisterModal show={show} onHide={() => setShow(false)} />}
    </>
  );
}
