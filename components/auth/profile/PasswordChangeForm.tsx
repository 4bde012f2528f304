import { useId, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'next-i18next/pages';
import { authErrorKey } from '@/lib/authErrors';
import type { MfaChallenge } from '@/services/authService';
import { authCapabilities, useAuthStore } from '@/stores/useAuthStore';
import SecondFactorStep from '../SecondFactorStep';
import ProfileSection, { useAutoClearMessage, type SectionMessage } from './ProfileSection';
import { useFocusWhen } from '../useFocusOnMount';

type Message = SectionMessage;

/**
 * Password change (SPEC §4, §8): reauthenticate with the current password (and the second factor
 * when enrolled), then set the new one. The PasswordChangedSuccessfully message or the failure
 * message disappears after MESSAGE_AUTO_CLEAR_MS.
 */
export default function PasswordChangeForm() {
  const { t } = useTranslation('profile');
  const id = useId();
  const changePassword = useAuthStore((s) => s.changePassword);
  const completePasswordChange = useAuthStore((s) => s.completePasswordChange);
  // Re-evaluated when the identity changes (a social-only account has no password to change).
  useAuthStore((s) => s.identity?.uid);
  const hasPassword = authCapabilities.hasPassword();

  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const messageRef = useFocusWhen<HTMLDivElement>(message);

  useAutoClearMessage(message, setMessage);

  function succeeded() {
    setCurrent('');
    setNext('');
    setConfirm('');
    setChallenge(null);
    setMessage({ kind: 'success', text: t('password.PasswordChangedSuccessfully') });
  }

  function failed(err: unknown) {
    console.error('Password change failed:', err);
    const key = authErrorKey(err);
    const reason = t(`auth:${key === 'errors.invalidCredentials' ? 'errors.wrongCurrentPassword' : key}`);
    setMessage({ kind: 'error', text: `${t('password.failed')} ${reason}` });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!current || !next || !confirm) return;
    setMessage(null);
    if (next !== confirm) {
      setMismatch(true);
      confirmRef.current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const outcome = await changePassword(current, next);
      if (outcome.kind === 'mfaRequired') setChallenge(outcome.challenge);
      else succeeded();
    } catch (err) {
      failed(err);
    } finally {
      setSubmitting(false);
    }
  }

  let body;
  if (!hasPassword) {
    body = <p className="mb-0">{t('password.noPassword')}</p>;
  } else if (challenge) {
    body = (
      <SecondFactorStep
        challenge={challenge}
        onCancel={() => setChallenge(null)}
        onVerify={async (enrollmentId, code) => {
          try {
            await completePasswordChange(challenge, enrollmentId, code, next);
            succeeded();
          } catch (err) {
            // A wrong code is shown by the step itself; anything else ends the attempt here.
            if (authErrorKey(err) === 'errors.invalidCode') throw err;
            setChallenge(null);
            failed(err);
          }
        }}
      />
    );
  } else {
    body = (
      <Form noValidate onSubmit={handleSubmit}>
        <Form.Group className="mb-3" controlId={`${id}-current`}>
          <Form.Label>{t('password.current')}</Form.Label>
          <Form.Control
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        </Form.Group>
        <Form.Group className="mb-3" controlId={`${id}-new`}>
          <Form.Label>{t('password.new')}</Form.Label>
          <Form.Control
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(e) => {
              setNext(e.target.value);
              if (mismatch && e.target.value === confirm) setMismatch(false);
            }}
          />
        </Form.Group>
        <Form.Group className="mb-3" controlId={`${id}-confirm`}>
          <Form.Label>{t('password.confirm')}</Form.Label>
          <Form.Control
            ref={confirmRef}
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => {
              setConfirm(e.target.value);
              if (mismatch && e.target.value === next) setMismatch(false);
            }}
            isInvalid={mismatch}
            aria-invalid={mismatch}
            aria-describedby={mismatch ? `${id}-confirm-error` : undefined}
          />
          {mismatch && (
            <Form.Control.Feedback type="invalid" id={`${id}-confirm-error`}>
              {t('password.mismatch')}
            </Form.Control.Feedback>
          )}
        </Form.Group>
        <Button type="submit" variant="primary" disabled={submitting || !current || !next || !confirm}>
          {submitting ? t('password.submitting') : t('password.submit')}
        </Button>
      </Form>
    );
  }

  return (
    <ProfileSection title={t('password.title')} message={message} messageRef={messageRef}>
      {body}
    </ProfileSection>
  );
}
