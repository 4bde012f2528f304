import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'next-i18next/pages';
import { authErrorKey, type AuthErrorKey } from '@/lib/authErrors';
import type { TotpEnrolment } from '@/services/authService';
import { authCapabilities, useAuthStore } from '@/stores/useAuthStore';
import ProfileSection, { useAutoClearMessage, type SectionMessage } from './ProfileSection';
import { useFocusWhen } from '../useFocusOnMount';
import QrCode from './QrCode';

type Message = SectionMessage & { key?: AuthErrorKey };

/** The secret in groups of four, as authenticator apps show it. */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * Two-factor sign-in with an authenticator app (TOTP, SPEC §3–§5): enrol with a QR code (and the
 * secret in text), confirm with a code, remove. The Auth emulator has no TOTP: there the section
 * says so instead of offering a set-up that cannot work.
 */
export default function TotpSection() {
  const { t } = useTranslation('profile');
  const id = useId();
  const uid = useAuthStore((s) => s.identity?.uid);
  const factors = useAuthStore((s) => s.secondFactors).filter((f) => f.factorId === 'totp');
  const refreshSecondFactors = useAuthStore((s) => s.refreshSecondFactors);
  const startTotpEnrolment = useAuthStore((s) => s.startTotpEnrolment);
  const finaliseTotpEnrolment = useAuthStore((s) => s.finaliseTotpEnrolment);
  const unenrolSecondFactor = useAuthStore((s) => s.unenrolSecondFactor);
  const sendEmailVerification = useAuthStore((s) => s.sendEmailVerification);
  const supported = authCapabilities.totpSupported();

  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState<string | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const messageRef = useFocusWhen<HTMLDivElement>(message);

  useEffect(() => {
    if (uid) refreshSecondFactors();
  }, [uid, refreshSecondFactors]);

  useEffect(() => {
    if (enrolment) codeRef.current?.focus();
  }, [enrolment]);

  // Confirmations fade; an error stays until the next action (it may carry a button).
  useAutoClearMessage(message, setMessage, { keepErrors: true });

  async function act(action: () => Promise<void>, failureKey: string) {
    setMessage(null);
    setBusy(true);
    try {
      await action();
    } catch (err) {
      console.error('Two-factor change failed:', err);
      const key = authErrorKey(err);
      setMessage({ kind: 'error', text: `${t(failureKey)} ${t(`auth:${key}`)}`, key });
    } finally {
      setBusy(false);
    }
  }

  const start = () =>
    act(async () => {
      setCode('');
      setEnrolment(await startTotpEnrolment());
    }, 'totp.startFailed');

  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    return act(async () => {
      try {
        await finaliseTotpEnrolment(enrolment, code.replace(/\s+/g, ''), t('totp.factorName'));
      } catch (err) {
        setCode('');
        codeRef.current?.focus();
        throw err;
      }
      setEnrolment(null);
      setMessage({ kind: 'success', text: t('totp.enabledNow') });
    }, 'totp.confirmFailed');
  };

  const remove = (enrollmentId: string) =>
    act(async () => {
      await unenrolSecondFactor(enrollmentId);
      setConfirmRemove(null);
      setMessage({ kind: 'success', text: t('totp.removed') });
    }, 'totp.removeFailed');

  const verify = () =>
    act(async () => {
      await sendEmailVerification();
      setMessage({ kind: 'success', text: t('totp.verificationSent') });
    }, 'totp.verificationFailed');

  let body;
  if (!supported) {
    body = <p className="mb-0 text-body-secondary">{t('totp.emulator')}</p>;
  } else if (enrolment) {
    body = (
      <div>
        <p>{t('totp.scan')}</p>
        <div className="d-flex flex-column flex-md-row gap-4 align-items-start mb-3">
          <QrCode value={enrolment.qrCodeUrl} label={t('totp.qrAlt')} />
          <div>
            <p className="mb-1">{t('totp.secretLabel')}</p>
            <p className="mb-1">
              <code className="fs-6 user-select-all" data-testid="totp-secret">
                {groupSecret(enrolment.secretKey)}
              </code>
            </p>
            <p className="small text-body-secondary mb-2">
              {t('totp.details', {
                algorithm: enrolment.hashingAlgorithm,
                digits: enrolment.codeLength,
                period: enrolment.periodSec,
              })}
            </p>
            <a href={enrolment.qrCodeUrl} className="small">
              {t('totp.openInApp')}
            </a>
          </div>
        </div>
        <Form noValidate onSubmit={confirm}>
          <Form.Group className="mb-3" controlId={`${id}-code`} style={{ maxWidth: '16rem' }}>
            <Form.Label>{t('totp.code')}</Form.Label>
            <Form.Control
              ref={codeRef}
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </Form.Group>
          <div className="d-flex gap-2">
            <Button type="submit" variant="primary" disabled={busy || code.trim() === ''}>
              {t('totp.confirm')}
            </Button>
            <Button
              type="button"
              variant="outline-secondary"
              disabled={busy}
              onClick={() => setEnrolment(null)}
            >
              {t('totp.cancel')}
            </Button>
          </div>
        </Form>
      </div>
    );
  } else if (factors.length > 0) {
    body = (
      <div>
        <p>{t('totp.on')}</p>
        <ul className="list-unstyled mb-0">
          {factors.map((factor) => (
            <li key={factor.enrollmentId} className="d-flex flex-wrap align-items-center gap-2 mb-2">
              <span className="me-auto">{factor.displayName || t('totp.factorName')}</span>
              {confirmRemove === factor.enrollmentId ? (
                <>
                  <span className="small">{t('totp.removeQuestion')}</span>
                  <Button
                    size="sm"
                    variant="danger"
                    disabled={busy}
                    onClick={() => void remove(factor.enrollmentId)}
                  >
                    {t('totp.removeConfirm')}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    disabled={busy}
                    onClick={() => setConfirmRemove(null)}
                  >
                    {t('totp.cancel')}
                  </Button>
                </>
              ) : (
                <Button
                  size="sm"
                  variant="outline-danger"
                  disabled={busy}
                  onClick={() => setConfirmRemove(factor.enrollmentId)}
                >
                  {t('totp.remove')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </div>
    );
  } else {
    body = (
      <div>
        <p>{t('totp.off')}</p>
        <Button variant="primary" disabled={busy} onClick={() => void start()}>
          {t('totp.setUp')}
        </Button>
      </div>
    );
  }

  return (
    <ProfileSection
      title={t('totp.title')}
      intro={<p className="small text-body-secondary">{t('totp.intro')}</p>}
      message={message}
      messageRef={messageRef}
      messageAction={
        message?.key === 'errors.unverifiedEmail' && (
          <div className="mt-2">
            <Button size="sm" variant="outline-danger" onClick={() => void verify()}>
              {t('totp.sendVerification')}
            </Button>
          </div>
        )
      }
    >
      {body}
    </ProfileSection>
  );
}
