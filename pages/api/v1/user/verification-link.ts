import { emulatorVerificationLink, usesAuthEmulator } from '@/server/auth/emulatorVerificationLink';
import { withAuth } from '@/server/auth/withAuth';
import { apiHandler } from '@/server/http';
import { notFoundError } from '@/server/services/errors';

export const config = { api: { bodyParser: false } };

/**
 * GET /api/v1/user/verification-link — demo (Auth emulator) only: the caller's newest e-mail
 * verification link, as the emulator provides it instead of sending mail. 404 with a real project
 * (the link is in the person's mailbox), and when no verification is pending.
 */
export default apiHandler({
  GET: withAuth(async (_req, _res, auth) => {
    if (!usesAuthEmulator()) {
      throw notFoundError('With a real sign-in service the link is sent by e-mail', 'NOT_IN_DEMO');
    }
    if (auth.emailVerified) {
      throw notFoundError('Your e-mail address is already verified', 'ALREADY_VERIFIED');
    }
    const link = auth.email ? await emulatorVerificationLink(auth.email) : null;
    if (!link) {
      throw notFoundError('No verification e-mail is pending: send one first', 'NO_VERIFICATION_PENDING');
    }
    return { link };
  }),
});
