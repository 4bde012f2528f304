/** @jest-environment node */
import type { DecodedIdToken } from 'firebase-admin/auth';
import { clearAuthCaches } from '@/server/auth/authCache';
import { verifyIdToken } from '@/server/auth/verifyToken';

const providerVerify = jest.fn<Promise<DecodedIdToken>, [string, boolean]>();
jest.mock('@/server/auth/firebaseAdmin', () => ({
  adminAuth: () => ({
    verifyIdToken: (token: string, checkRevoked: boolean) => providerVerify(token, checkRevoked),
  }),
}));

/** A provider answer the test settles by hand, so that the calls overlap. */
function deferred() {
  let resolve!: (value: DecodedIdToken) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<DecodedIdToken>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const decoded = { uid: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 } as DecodedIdToken;

beforeEach(() => {
  clearAuthCaches();
  providerVerify.mockReset();
});

describe('verifyIdToken shares one provider call among concurrent requests', () => {
  it('makes one revocation-checked call for 50 requests in flight with the same token', async () => {
    const answer = deferred();
    providerVerify.mockReturnValue(answer.promise);
    const requests = Array.from({ length: 50 }, () => verifyIdToken('token-a'));
    answer.resolve(decoded);
    const results = await Promise.all(requests);
    expect(providerVerify).toHaveBeenCalledTimes(1);
    expect(providerVerify).toHaveBeenCalledWith('token-a', true);
    expect(results.every((r) => r.uid === 'u1')).toBe(true);
  });

  it('verifies different tokens separately', async () => {
    providerVerify.mockResolvedValue(decoded);
    await Promise.all([verifyIdToken('token-a'), verifyIdToken('token-b'), verifyIdToken('token-a')]);
    expect(providerVerify.mock.calls.map(([token]) => token).sort()).toEqual(['token-a', 'token-b']);
  });

  it('gives every waiting request the refusal, and asks the provider again afterwards', async () => {
    const answer = deferred();
    providerVerify.mockReturnValueOnce(answer.promise);
    const requests = [verifyIdToken('token-r'), verifyIdToken('token-r')];
    answer.reject(Object.assign(new Error('revoked'), { code: 'auth/id-token-revoked' }));
    for (const request of requests)
      await expect(request).rejects.toMatchObject({ status: 401, code: 'TOKEN_REVOKED' });
    expect(providerVerify).toHaveBeenCalledTimes(1);
    // A refusal is not remembered: the next request is checked again.
    providerVerify.mockResolvedValueOnce(decoded);
    await expect(verifyIdToken('token-r')).resolves.toMatchObject({ uid: 'u1' });
    expect(providerVerify).toHaveBeenCalledTimes(2);
  });
});
