import { useCallback, useEffect, useRef, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'next-i18next/pages';
import { userService } from '@/services/userService';
import { authCapabilities, useAuthStore, verificationReturnUrl } from '@/stores/useAuthStore';
import ProfileSection, { useAutoClearMessage, type SectionMessage } from './ProfileSection';

/**
 * "E-mail address" on the profile page (issue 23 item 4): whether the address is verified, why it
 * matters (alert e-mails and receipts go to a verified address only), a button that sends the link
 * again and one that checks again after it was followed. With the demo Auth emulator, which sends
 * no mail, the link is shown here the way the emulator keeps it.
 */
export default function EmailVerificationSection() {
  const { t } = useTranslation('profile');
  const email = useAuthStore((s) => s.identity?.email ?? null);
  const verified = useAuthStore((s) => s.identity?.emailVerified === true);
  const sendEmailVerification = useAuthStore((s) => s.sendEmailVerification);
  const refreshEmailVerification = useAuthStore((s) => s.refreshEmailVerification);
  const demo = authCapabilities.socialUsesTestIdentity();
  const [message, setMessage] = useState<SectionMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const [demoLink, setDemoLink] = useState<string | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  useAutoClearMessage(message, setMessage, { keepErrors: true });

  const act = useCallback(
    async (action: () => Promise<SectionMessage | null>) => {
      setBusy(true);
      setMessage(null);
      try {
        setMessage(await action());
      } catch (err) {
        console.warn('E-mail verification step failed:', err);
        setMessage({ kind: 'error', text: t('email.failed') });
      } finally {
        setBusy(false);
      }
    },
    [t],
  );

  // Back from the link (it leads to this page), or from the mail in another tab: look again.
  useEffect(() => {
    if (!email || verified) return;
    const onFocus = () => void refreshEmailVerification().catch(() => undefined);
    window.addEventListener('focus', onFocus);
    void refreshEmailVerification().catch(() => undefined);
    return () => window.removeEventListener('focus', onFocus);
  }, [email, verified, refreshEmailVerification]);

  if (!email) return null;

  const resend = () =>
    act(async () => {
      await sendEmailVerification(verificationReturnUrl());
      setDemoLink(null);
      return { kind: 'success', text: t(demo ? 'email.sentDemo' : 'email.sent', { email }) };
    });
  const check = () =>
    act(async () =>
      (await refreshEmailVerification())
        ? { kind: 'success', text: t('email.nowVerified') }
        : { kind: 'error', text: t('email.stillUnverified') },
    );
  const showDemoLink = () =>
    act(async () => {
      setDemoLink(await userService.verificationLink());
      return null;
    });

  return (
    <ProfileSection
      title={t('email.title')}
      message={message}
      messageRef={messageRef}
      intro={
        <p>
          <span className="me-2 text-break">{email}</span>
          <Badge bg={verified ? 'success' : 'warning'} text={verified ? undefined : 'dark'}>
            {verified ? t('email.verified') : t('email.unverified')}
          </Badge>
        </p>
      }
    >
      {verified ? (
        <p className="mb-0 text-body-secondary">{t('email.verifiedHelp')}</p>
      ) : (
        <>
          <p className="text-body-secondary">{t('email.why')}</p>
          <div className="d-flex flex-wrap gap-2">
            <Button variant="primary" onClick={() => void resend()} disabled={busy}>
              {t('email.resend')}
            </Button>
            <Button variant="outline-secondary" onClick={() => void check()} disabled={busy}>
              {t('email.check')}
            </Button>
            {demo && (
              <Button variant="outline-secondary" onClick={() => void showDemoLink()} disabled={busy}>
                {t('email.showDemoLink')}
              </Button>
            )}
          </div>
          {demoLink && (
            <p className="mt-3 mb-0 small">
              {t('email.demoLinkIntro')}{' '}
              <a href={demoLink} target="_blank" rel="noopener noreferrer" className="text-break">
                {t('email.demoLinkText')}
              </a>
            </p>
          )}
        </>
      )}
    </ProfileSection>
  );
}
