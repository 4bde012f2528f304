import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'next-i18next/pages';
import { authErrorKey } from '@/lib/authErrors';
import type { MfaChallenge, SignInOutcome, SocialProvider, TestIdentity } from '@/services/authService';
import { authCapabilities, useAuthStore } from '@/stores/useAuthStore';
import TestIdentityProviderDialog from './TestIdentityProviderDialog';

type SignedIn = Extract<SignInOutcome, { kind: 'signedIn' }>;

export interface SocialButtonsProps {
  onSignedIn(outcome: SignedIn, provider: SocialProvider): void;
  onMfaRequired(challenge: MfaChallenge, provider: SocialProvider): void;
  disabled?: boolean;
  compact?: boolean;
  /** The words on the buttons: sign in (login page) or register (register page). */
  mode?: 'signIn' | 'register';
}

const PROVIDERS: SocialProvider[] = ['google', 'facebook'];

function ProviderIcon({ provider }: { provider: SocialProvider }) {
  // Simple brand marks drawn inline: no image request, decorative only.
  return provider === 'google' ? (
    <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 48 48" className="me-2">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9 3.5l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.8 6C12.4 13.6 17.7 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 7l7.5 5.8c4.4-4 6.8-10 6.8-17.3z"
      />
      <path
        fill="#FBBC05"
        d="M10.5 28.7c-.5-1.4-.8-3-.8-4.7s.3-3.3.8-4.7l-7.8-6C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.8-6z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.8 2.3-8.4 2.3-6.3 0-11.6-4.1-13.5-9.8l-7.8 6C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  ) : (
    <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 24 24" className="me-2">
      <path
        fill="#1877F2"
        d="M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v2.9h-1.5c-1.5 0-2 .9-2 1.9V12h3.3l-.5 3.5h-2.8v8.4A12 12 0 0 0 24 12z"
      />
    </svg>
  );
}

/**
 * Google and Facebook sign-in (SPEC §7). Against a real project the provider's popup opens; with
 * the emulator our test identity dialog does. Failures are logged and get a short message.
 */
export default function SocialButtons({
  onSignedIn,
  onMfaRequired,
  disabled = false,
  compact = false,
  mode = 'signIn',
}: SocialButtonsProps) {
  const { t } = useTranslation('auth');
  const socialSignIn = useAuthStore((s) => s.socialSignIn);
  const [dialogFor, setDialogFor] = useState<SocialProvider | null>(null);
  const [running, setRunning] = useState<SocialProvider | null>(null);
  const [failure, setFailure] = useState<{ provider: SocialProvider; reason: string } | null>(null);

  async function run(provider: SocialProvider, testIdentity?: TestIdentity) {
    setFailure(null);
    setRunning(provider);
    try {
      const outcome = await socialSignIn(provider, testIdentity);
      setDialogFor(null);
      if (outcome.kind === 'mfaRequired') onMfaRequired(outcome.challenge, provider);
      else onSignedIn(outcome, provider);
    } catch (err) {
      console.error(`Social sign-in with ${provider} failed:`, err);
      setDialogFor(null);
      const key = authErrorKey(err);
      setFailure({ provider, reason: key === 'errors.unknown' ? '' : t(key) });
    } finally {
      setRunning(null);
    }
  }

  function start(provider: SocialProvider) {
    if (authCapabilities.socialUsesTestIdentity()) {
      setFailure(null);
      setDialogFor(provider);
    } else {
      void run(provider);
    }
  }

  return (
    <>
      <div className={`d-flex gap-2 ${compact ? 'flex-column' : 'flex-column flex-sm-row'}`}>
        {PROVIDERS.map((provider) => (
          <Button
            key={provider}
            type="button"
            variant="outline-secondary"
            size={compact ? 'sm' : undefined}
            className="flex-fill d-inline-flex align-items-center justify-content-center"
            disabled={disabled || running !== null}
            onClick={() => start(provider)}
            aria-label={t(mode === 'register' ? 'social.registerWith' : 'social.signInWith', {
              provider: t(`social.${provider}`),
            })}
          >
            <ProviderIcon provider={provider} />
            {t(`social.${provider}`)}
          </Button>
        ))}
      </div>
      {failure && (
        <p role="alert" className="text-danger small mt-2 mb-0">
          {t('social.failed', { provider: t(`social.${failure.provider}`) })}
          {failure.reason && ` ${failure.reason}`}
        </p>
      )}
      {authCapabilities.socialUsesTestIdentity() && (
        <TestIdentityProviderDialog
          provider={dialogFor}
          busy={running !== null}
          onCancel={() => setDialogFor(null)}
          onSubmit={(identity) => dialogFor && void run(dialogFor, identity)}
        />
      )}
    </>
  );
}
