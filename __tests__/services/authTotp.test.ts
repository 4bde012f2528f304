/**
 * TOTP against the identity-toolkit endpoints of SPEC §7, with the real Firebase SDK and msw: the
 * Auth emulator has no TOTP (STACK.md), so these requests are what a real Identity Platform
 * project receives. Checks the request bodies and that our service turns the answers into what
 * the UI needs (QR link, factors, sign-in), plus SPEC §5's argument errors.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

type AuthServiceModule = typeof import('@/services/authService');

const API = 'https://identitytoolkit.googleapis.com';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const GOOD_CODE = '123456';

function b64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** An unsigned ID token: the client SDK only reads its claims. */
function idToken(uid: string, email: string, extra: object = {}): string {
  const now = Math.floor(Date.now() / 1000);
  return [
    b64url({ alg: 'none', typ: 'JWT' }),
    b64url({
      iss: 'https://securetoken.google.com/trendvakt-test',
      aud: 'trendvakt-test',
      auth_time: now,
      iat: now,
      exp: now + 3600,
      user_id: uid,
      sub: uid,
      email,
      firebase: { sign_in_provider: 'password' },
      ...extra,
    }),
    'sig',
  ].join('.');
}

const state = {
  enrolled: false,
  calls: [] as { path: string; body: Record<string, unknown> }[],
};

function enrolment() {
  return {
    mfaEnrollmentId: 'enr-1',
    displayName: 'Authenticator app',
    enrolledAt: '2024-05-01T10:00:00Z',
    totpInfo: {},
  };
}

const server = setupServer(
  http.post(`${API}/v1/accounts\\:signInWithPassword`, async ({ request }) => {
    const body = (await request.json()) as { email: string; password: string };
    state.calls.push({ path: 'signInWithPassword', body });
    if (body.password !== 'hemmelig1')
      return HttpResponse.json({ error: { code: 400, message: 'INVALID_PASSWORD' } }, { status: 400 });
    if (state.enrolled) {
      return HttpResponse.json({
        localId: 'uid-kari',
        email: body.email,
        mfaPendingCredential: 'pending-1',
        mfaInfo: [enrolment()],
      });
    }
    return HttpResponse.json({
      localId: 'uid-kari',
      email: body.email,
      idToken: idToken('uid-kari', body.email),
      refreshToken: 'refresh-1',
      expiresIn: '3600',
      registered: true,
    });
  }),
  http.post(`${API}/v1/accounts\\:lookup`, () =>
    HttpResponse.json({
      users: [
        {
          localId: 'uid-kari',
          email: 'kari@trendvakt.test',
          emailVerified: true,
          providerUserInfo: [
            { providerId: 'password', email: 'kari@trendvakt.test', rawId: 'kari@trendvakt.test' },
          ],
          mfaInfo: state.enrolled ? [enrolment()] : undefined,
          createdAt: '1700000000000',
          lastLoginAt: '1700000000000',
        },
      ],
    }),
  ),
  http.post(`${API}/v2/accounts/mfaEnrollment\\:start`, async ({ request }) => {
    state.calls.push({
      path: 'mfaEnrollment:start',
      body: (await request.json()) as Record<string, unknown>,
    });
    return HttpResponse.json({
      totpSessionInfo: {
        sharedSecretKey: SECRET,
        verificationCodeLength: 6,
        hashingAlgorithm: 'SHA1',
        periodSec: 30,
        sessionInfo: 'session-1',
        finalizeEnrollmentTime: '2030-01-01T00:00:00Z',
      },
    });
  }),
  http.post(`${API}/v2/accounts/mfaEnrollment\\:finalize`, async ({ request }) => {
    const body = (await request.json()) as { totpVerificationInfo: { verificationCode: string } };
    state.calls.push({ path: 'mfaEnrollment:finalize', body });
    if (body.totpVerificationInfo.verificationCode !== GOOD_CODE) {
      return HttpResponse.json({ error: { code: 400, message: 'INVALID_CODE' } }, { status: 400 });
    }
    state.enrolled = true;
    return HttpResponse.json({
      idToken: idToken('uid-kari', 'kari@trendvakt.test'),
      refreshToken: 'refresh-2',
    });
  }),
  http.post(`${API}/v2/accounts/mfaEnrollment\\:withdraw`, async ({ request }) => {
    state.calls.push({
      path: 'mfaEnrollment:withdraw',
      body: (await request.json()) as Record<string, unknown>,
    });
    state.enrolled = false;
    return HttpResponse.json({
      idToken: idToken('uid-kari', 'kari@trendvakt.test'),
      refreshToken: 'refresh-3',
    });
  }),
  http.post(`${API}/v2/accounts/mfaSignIn\\:finalize`, async ({ request }) => {
    const body = (await request.json()) as { totpVerificationInfo: { verificationCode: string } };
    state.calls.push({ path: 'mfaSignIn:finalize', body });
    if (body.totpVerificationInfo.verificationCode !== GOOD_CODE) {
      return HttpResponse.json({ error: { code: 400, message: 'INVALID_CODE' } }, { status: 400 });
    }
    return HttpResponse.json({
      idToken: idToken('uid-kari', 'kari@trendvakt.test', {
        firebase: { sign_in_provider: 'password', sign_in_second_factor: 'totp' },
      }),
      refreshToken: 'refresh-4',
    });
  }),
);

let auth: AuthServiceModule['authService'];
let AuthArgumentError: AuthServiceModule['AuthArgumentError'];

beforeAll(() => {
  process.env.NEXT_PUBLIC_FIREBASE_API_KEY = 'test-api-key';
  process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID = 'trendvakt-test';
  delete process.env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST;
  server.listen({ onUnhandledRequest: 'error' });
  // Firebase captures `fetch` when it loads: load it after msw has patched it.
  ({ authService: auth, AuthArgumentError } =
    jest.requireActual<AuthServiceModule>('@/services/authService'));
});
beforeEach(() => {
  state.enrolled = false;
  state.calls = [];
});
afterEach(async () => {
  await auth.signOut();
});
afterAll(() => server.close());

const callsTo = (path: string) => state.calls.filter((c) => c.path === path);

describe('TOTP with the identity toolkit (SPEC §7)', () => {
  it('reports that TOTP needs a real project and that this one is one', () => {
    expect(auth.totpSupported()).toBe(true);
  });

  it('enrols: mfaEnrollment:start gives the secret and the otpauth link; finalize sends idToken, displayName and the code', async () => {
    await auth.signInWithEmail('kari@trendvakt.test', 'hemmelig1', true);
    expect(auth.secondFactors()).toEqual([]);

    const enrolment = await auth.startTotpEnrolment();
    expect(callsTo('mfaEnrollment:start')[0].body).toEqual({
      idToken: expect.any(String),
      totpEnrollmentInfo: {},
    });
    expect(enrolment).toMatchObject({
      secretKey: SECRET,
      hashingAlgorithm: 'SHA1',
      codeLength: 6,
      periodSec: 30,
    });
    expect(enrolment.qrCodeUrl).toBe(
      `otpauth://totp/Trendvakt:kari%40trendvakt.test?secret=${SECRET}&issuer=Trendvakt&algorithm=SHA1&digits=6`,
    );

    const factors = await auth.finaliseTotpEnrolment(enrolment, GOOD_CODE, 'Authenticator app');
    expect(callsTo('mfaEnrollment:finalize')[0].body).toEqual({
      idToken: expect.any(String),
      displayName: 'Authenticator app',
      totpVerificationInfo: { sessionInfo: 'session-1', verificationCode: GOOD_CODE },
    });
    expect(factors).toEqual([
      {
        enrollmentId: 'enr-1',
        displayName: 'Authenticator app',
        factorId: 'totp',
        enrolledAt: expect.any(String),
      },
    ]);
  });

  it('a wrong enrolment code is auth/invalid-verification-code', async () => {
    await auth.signInWithEmail('kari@trendvakt.test', 'hemmelig1', true);
    const enrolment = await auth.startTotpEnrolment();
    await expect(auth.finaliseTotpEnrolment(enrolment, '000000', 'App')).rejects.toMatchObject({
      code: 'auth/invalid-verification-code',
    });
  });

  it('finalising without a secret or a code is an argument error, and sends nothing (SPEC §5)', async () => {
    await auth.signInWithEmail('kari@trendvakt.test', 'hemmelig1', true);
    await expect(auth.finaliseTotpEnrolment(null, GOOD_CODE, 'App')).rejects.toBeInstanceOf(
      AuthArgumentError,
    );
    const enrolment = await auth.startTotpEnrolment();
    await expect(auth.finaliseTotpEnrolment(enrolment, '', 'App')).rejects.toMatchObject({
      code: 'auth/argument-error',
    });
    expect(callsTo('mfaEnrollment:finalize')).toHaveLength(0);
  });

  it('signs in with the second factor: mfaSignIn:finalize with mfaPendingCredential, mfaEnrollmentId and the code', async () => {
    state.enrolled = true;
    const outcome = await auth.signInWithEmail('kari@trendvakt.test', 'hemmelig1', false);
    expect(outcome.kind).toBe('mfaRequired');
    if (outcome.kind !== 'mfaRequired') return;
    expect(outcome.challenge.factors).toEqual([
      {
        enrollmentId: 'enr-1',
        displayName: 'Authenticator app',
        factorId: 'totp',
        enrolledAt: expect.any(String),
      },
    ]);

    await expect(auth.resolveMfaSignIn(outcome.challenge, 'enr-1', '000000')).rejects.toMatchObject({
      code: 'auth/invalid-verification-code',
    });
    const credential = await auth.resolveMfaSignIn(outcome.challenge, 'enr-1', GOOD_CODE);
    expect(callsTo('mfaSignIn:finalize').at(-1)?.body).toEqual({
      mfaPendingCredential: 'pending-1',
      mfaEnrollmentId: 'enr-1',
      totpVerificationInfo: { verificationCode: GOOD_CODE },
    });
    expect(credential.user.uid).toBe('uid-kari');
    expect(auth.currentIdentity()).toMatchObject({ uid: 'uid-kari', email: 'kari@trendvakt.test' });
  });

  it('sign-in without an enrolment id or a code is an argument error (SPEC §5)', async () => {
    state.enrolled = true;
    const outcome = await auth.signInWithEmail('kari@trendvakt.test', 'hemmelig1', false);
    if (outcome.kind !== 'mfaRequired') throw new Error('expected a challenge');
    await expect(auth.resolveMfaSignIn(outcome.challenge, '', GOOD_CODE)).rejects.toMatchObject({
      code: 'auth/argument-error',
    });
    await expect(auth.resolveMfaSignIn(outcome.challenge, 'enr-1', '')).rejects.toMatchObject({
      code: 'auth/argument-error',
    });
    expect(callsTo('mfaSignIn:finalize')).toHaveLength(0);
  });

  it("the SDK's own check: an undefined enrolment id also ends in auth/argument-error", async () => {
    const { TotpMultiFactorGenerator } = jest.requireActual<typeof import('firebase/auth')>('firebase/auth');
    state.enrolled = true;
    const outcome = await auth.signInWithEmail('kari@trendvakt.test', 'hemmelig1', false);
    if (outcome.kind !== 'mfaRequired') throw new Error('expected a challenge');
    const assertion = TotpMultiFactorGenerator.assertionForSignIn(undefined as unknown as string, GOOD_CODE);
    await expect(outcome.challenge.resolver.resolveSignIn(assertion)).rejects.toMatchObject({
      code: 'auth/argument-error',
    });
  });

  it('removes the factor with mfaEnrollment:withdraw', async () => {
    state.enrolled = true;
    const outcome = await auth.signInWithEmail('kari@trendvakt.test', 'hemmelig1', false);
    if (outcome.kind !== 'mfaRequired') throw new Error('expected a challenge');
    await auth.resolveMfaSignIn(outcome.challenge, 'enr-1', GOOD_CODE);
    expect(auth.secondFactors()).toHaveLength(1);
    const factors = await auth.unenrolSecondFactor('enr-1');
    expect(callsTo('mfaEnrollment:withdraw')[0].body).toMatchObject({
      idToken: expect.any(String),
      mfaEnrollmentId: 'enr-1',
    });
    expect(factors).toEqual([]);
    await expect(auth.unenrolSecondFactor('')).rejects.toMatchObject({ code: 'auth/argument-error' });
  });

  it('a password change of an enrolled user asks for the code, then updates the password', async () => {
    // Reauthentication signs in again: with a factor enrolled the server answers with a pending credential.
    state.enrolled = false;
    await auth.signInWithEmail('kari@trendvakt.test', 'hemmelig1', true);
    state.enrolled = true;
    let updatedPassword: string | undefined;
    server.use(
      http.post(`${API}/v1/accounts\\:update`, async ({ request }) => {
        updatedPassword = ((await request.json()) as { password?: string }).password;
        return HttpResponse.json({
          localId: 'uid-kari',
          idToken: idToken('uid-kari', 'kari@trendvakt.test'),
          refreshToken: 'r5',
        });
      }),
    );
    const outcome = await auth.changePassword('hemmelig1', 'nyttpassord1');
    expect(outcome.kind).toBe('mfaRequired');
    if (outcome.kind !== 'mfaRequired') return;
    await auth.completePasswordChange(outcome.challenge, 'enr-1', GOOD_CODE, 'nyttpassord1');
    expect(updatedPassword).toBe('nyttpassord1');
  });
});
