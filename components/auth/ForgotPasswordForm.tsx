import { useId, useState, type FormEvent } from 'react';
import Link from 'next/link';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'next-i18next/pages';
import { authErrorKey, type AuthErrorKey } from '@/lib/authErrors';
import { useAuthStore } from '@/stores/useAuthStore';
import { useFocusOnMount, useFocusWhen } from './useFocusOnMount';

/**
 * Sends the password-reset email. The confirmation is the same whether or not an account exists
 * for the address, so the form never tells who is registered.
 */
export default function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const id = useId();
  const sendPasswordReset = useAuthStore((s) => s.sendPasswordReset);
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<AuthErrorKey | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useFocusOnMount<HTMLInputElement>();
  const resultRef = useFocusWhen<HTMLDivElement>(sentTo ?? error);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!address) return;
    setError(null);
    setSentTo(null);
    setSubmitting(true);
    try {
      await sendPasswordReset(address);
      setSentTo(address);
    } catch (err) {
      console.error('Password reset failed:', err);
      setError(authErrorKey(err));
    } finally {
      setSubmitting(false);
    }
  }

  if (sentTo) {
    return (
      <div>
        <Alert variant="success" ref={resultRef} tabIndex={-1} role="status">
          {t('forgot.sent', { email: sentTo })}
        </Alert>
        <Link href="/authentication/login">{t('forgot.backToLogin')}</Link>
      </div>
    );
  }

  return (
    <div>
      <p className="text-body-secondary">{t('forgot.intro')}</p>
      {error && (
        <Alert variant="danger" ref={resultRef} tabIndex={-1} role="alert" className="py-2">
          <strong>{t('forgot.failed')}</strong>
          {error !== 'errors.unknown' && <div className="small">{t(error)}</div>}
        </Alert>
      )}
      <Form noValidate onSubmit={handleSubmit}>
        <Form.Group className="mb-3" controlId={`${id}-email`}>
          <Form.Label>{t('forgot.email')}</Form.Label>
          <Form.Control
            ref={emailRef}
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Form.Group>
        <Button type="submit" variant="primary" className="w-100" disabled={submitting || !email.trim()}>
          {submitting ? t('forgot.submitting') : t('forgot.submit')}
        </Button>
      </Form>
      <p className="mt-3 mb-0 small">
        <Link href="/authentication/login">{t('forgot.backToLogin')}</Link>
      </p>
    </div>
  );
}
