import { useId, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'next-i18next/pages';
import { authErrorKey, type AuthErrorKey } from '@/lib/authErrors';
import type { MfaChallenge } from '@/services/authService';
import { useFocusOnMount } from './useFocusOnMount';

export interface SecondFactorStepProps {
  challenge: MfaChallenge;
  /** Finish with the chosen factor's enrolment id and the code; rejects on a wrong code. */
  onVerify(enrollmentId: string, code: string): Promise<void>;
  onCancel(): void;
  compact?: boolean;
}

/** The TOTP step of a sign-in or reauthentication (SPEC §4: finalised with a code and an enrolment id). */
export default function SecondFactorStep({
  challenge,
  onVerify,
  onCancel,
  compact = false,
}: SecondFactorStepProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const totpFactors = challenge.factors.filter((f) => f.factorId === 'totp');
  const [enrollmentId, setEnrollmentId] = useState(totpFactors[0]?.enrollmentId ?? '');
  const [code, setCode] = useState('');
  const [error, setError] = useState<AuthErrorKey | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const codeRef = useFocusOnMount<HTMLInputElement>();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await onVerify(enrollmentId, code.replace(/\s+/g, ''));
    } catch (err) {
      console.error('Second-factor verification failed:', err);
      setError(authErrorKey(err));
      setCode('');
      codeRef.current?.focus();
    } finally {
      setSubmitting(false);
    }
  }

  if (totpFactors.length === 0) {
    return (
      <div>
        <p role="alert" className="text-danger">
          {t('mfa.unsupportedFactor')}
        </p>
        <Button variant="link" className="px-0" onClick={onCancel}>
          {t('mfa.cancel')}
        </Button>
      </div>
    );
  }

  const errorId = `${id}-code-error`;
  return (
    <Form noValidate onSubmit={handleSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={compact ? 'h6' : 'h5'}>
        {t('mfa.title')}
      </h2>
      <p className="text-body-secondary">{t('mfa.intro')}</p>
      {totpFactors.length > 1 && (
        <Form.Group className="mb-3" controlId={`${id}-factor`}>
          <Form.Label>{t('mfa.factor')}</Form.Label>
          <Form.Select value={enrollmentId} onChange={(e) => setEnrollmentId(e.target.value)}>
            {totpFactors.map((f) => (
              <option key={f.enrollmentId} value={f.enrollmentId}>
                {f.displayName || t('mfa.unnamedFactor')}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      )}
      <Form.Group className="mb-3" controlId={`${id}-code`}>
        <Form.Label>{t('mfa.code')}</Form.Label>
        <Form.Control
          ref={codeRef}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          isInvalid={error !== null}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
        />
        {error && (
          <Form.Control.Feedback type="invalid" id={errorId} role="alert">
            {t(error)}
          </Form.Control.Feedback>
        )}
      </Form.Group>
      <div className="d-flex gap-2">
        <Button type="submit" variant="primary" disabled={submitting || code.trim() === ''}>
          {submitting ? t('mfa.submitting') : t('mfa.submit')}
        </Button>
        <Button type="button" variant="outline-secondary" onClick={onCancel} disabled={submitting}>
          {t('mfa.cancel')}
        </Button>
      </div>
    </Form>
  );
}
