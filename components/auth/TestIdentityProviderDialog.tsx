import { useId, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'next-i18next/pages';
import type { SocialProvider, TestIdentity } from '@/services/authService';

export interface TestIdentityProviderDialogProps {
  /** The provider being imitated; null keeps the dialog closed. */
  provider: SocialProvider | null;
  busy?: boolean;
  onSubmit(identity: TestIdentity): void;
  onCancel(): void;
}

/**
 * Emulator only: Google's and Facebook's popups cannot load offline, so this small dialog stands in
 * for the provider. The person types an email and a name; SocialButtons signs in with the
 * emulator's unsigned credential for that identity (STACK.md).
 */
export default function TestIdentityProviderDialog({
  provider,
  busy = false,
  onSubmit,
  onCancel,
}: TestIdentityProviderDialogProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const providerName = provider ? t(`social.${provider}`) : '';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || !name.trim()) return;
    onSubmit({ email: email.trim(), name: name.trim() });
  }

  return (
    <Modal
      show={provider !== null}
      onHide={onCancel}
      onEntered={() => emailRef.current?.focus()}
      aria-labelledby={`${id}-title`}
      centered
    >
      <Form noValidate onSubmit={handleSubmit}>
        <Modal.Header closeButton closeLabel={t('testIdp.close')}>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {t('testIdp.title', { provider: providerName })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-body-secondary small">{t('testIdp.intro', { provider: providerName })}</p>
          <Form.Group className="mb-3" controlId={`${id}-email`}>
            <Form.Label>{t('testIdp.email')}</Form.Label>
            <Form.Control
              ref={emailRef}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Form.Group>
          <Form.Group controlId={`${id}-name`}>
            <Form.Label>{t('testIdp.name')}</Form.Label>
            <Form.Control
              type="text"
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button type="button" variant="outline-secondary" onClick={onCancel} disabled={busy}>
            {t('testIdp.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={busy || !email.trim() || !name.trim()}>
            {busy ? t('testIdp.submitting') : t('testIdp.submit')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
