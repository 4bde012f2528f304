import { useId, useState, type FormEvent } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { notify } from '@/components/common/notify';
import { useTranslation } from 'next-i18next/pages';
import { authErrorKey, type AuthErrorKey } from '@/lib/authErrors';
import type { AuthMethod } from '@/services/analytics';
import type { MfaChallenge } from '@/services/authService';
import { useAuthStore } from '@/stores/useAuthStore';
import { safeReturnUrl } from './returnUrl';
import SecondFactorStep from './SecondFactorStep';
import SocialButtons from './SocialButtons';
import { useFocusOnMount, useFocusWhen } from './useFocusOnMount';

export interface LoginFormProps {
  /** The top bar's Login dropdown: smaller, labels visually hidden (placeholders instead). */
  compact?: boolean;
  onSuccess?: () => void;
}

/**
 * Log in (SPEC §2, §4): email and password with remember me, social sign-in, and the TOTP step
 * when the account has a second factor. Shared by /authentication/login and the top-bar dropdown.
 */
export default function LoginForm({ compact = false, onSuccess }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const router = useRouter();
  const id = useId();
  const login = useAuthStore((s) => s.login);
  const completeMfaSignIn = useAuthStore((s) => s.completeMfaSignIn);

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<AuthErrorKey | null>(null);
  const [challenge, setChallenge] = useState<{ challenge: MfaChallenge; method: AuthMethod } | null>(null);

  const emailRef = useFocusOnMount<HTMLInputElement>();
  const alertRef = useFocusWhen<HTMLDivElement>(error);

  /** Only after a real success (DESIGN.md §9: no success toast after a failure). */
  function succeed(shownEmail: string | null) {
    notify.success(t('login.success', { email: shownEmail ?? '' }), { theme: 'colored' });
    onSuccess?.();
    void router.push(safeReturnUrl(router.query.returnUrl));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || !password) return;
    setError(null);
    setSubmitting(true);
    try {
      const outcome = await login(email.trim(), password, remember);
      if (outcome.kind === 'mfaRequired') setChallenge({ challenge: outcome.challenge, method: 'email' });
      else succeed(outcome.identity.email ?? email.trim());
    } catch (err) {
      console.error('Login failed:', err);
      setError(authErrorKey(err));
    } finally {
      setSubmitting(false);
    }
  }

  if (challenge) {
    return (
      <SecondFactorStep
        compact={compact}
        challenge={challenge.challenge}
        onCancel={() => setChallenge(null)}
        onVerify={async (enrollmentId, code) => {
          const identity = await completeMfaSignIn(challenge.challenge, enrollmentId, code, challenge.method);
          succeed(identity.email);
        }}
      />
    );
  }

  const labelClass = compact ? 'visually-hidden' : undefined;
  // The page's main heading; inside the top bar's dropdown a sub-heading.
  const Heading = compact ? 'h2' : 'h1';
  return (
    <div className={compact ? 'login-form login-form-compact' : 'login-form'}>
      <div className="d-flex justify-content-between align-items-baseline flex-wrap gap-1 mb-3">
        <Heading id={`${id}-title`} className={compact ? 'h6 mb-0' : 'h5 mb-0'}>
          {t('login.title')}
        </Heading>
        <span className="small text-body-secondary">
          {t('login.or')} <Link href="/authentication/register">{t('login.createAccount')}</Link>
        </span>
      </div>

      {error && (
        <Alert variant="danger" ref={alertRef} tabIndex={-1} role="alert" className="py-2">
          <strong>{t('login.failed')}</strong>
          {error !== 'errors.unknown' && <div className="small">{t(error)}</div>}
        </Alert>
      )}

      <Form noValidate onSubmit={handleSubmit} aria-labelledby={`${id}-title`}>
        <Form.Group className="mb-3" controlId={`${id}-email`}>
          <Form.Label className={labelClass}>{t('login.email')}</Form.Label>
          <Form.Control
            ref={emailRef}
            type="email"
            name="email"
            autoComplete="username"
            placeholder={compact ? t('login.email') : undefined}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Form.Group>
        <Form.Group className="mb-3" controlId={`${id}-password`}>
          <Form.Label className={labelClass}>{t('login.password')}</Form.Label>
          <Form.Control
            type="password"
            name="password"
            autoComplete="current-password"
            placeholder={compact ? t('login.password') : undefined}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Form.Group>
        <div className="d-flex justify-content-between align-items-center flex-wrap gap-2 mb-3">
          <Form.Check
            type="checkbox"
            id={`${id}-remember`}
            label={t('login.remember')}
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
          />
          <Link href="/authentication/forgot-password" className="small">
            {t('login.forgotPassword')}
          </Link>
        </div>
        <Button
          type="submit"
          variant="primary"
          className="w-100"
          disabled={submitting || !email.trim() || !password}
        >
          {submitting ? t('login.submitting') : t('login.submit')}
        </Button>
      </Form>

      <div className="d-flex align-items-center gap-2 my-3 text-body-secondary small">
        <hr className="flex-grow-1 my-0" aria-hidden="true" />
        <span>{t('login.orLogInWith')}</span>
        <hr className="flex-grow-1 my-0" aria-hidden="true" />
      </div>
      <SocialButtons
        compact={compact}
        disabled={submitting}
        onSignedIn={(outcome) => succeed(outcome.identity.email)}
        onMfaRequired={(mfa, provider) => setChallenge({ challenge: mfa, method: provider })}
      />
    </div>
  );
}
