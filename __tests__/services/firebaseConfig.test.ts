import { FirebaseConfigError, parseFirebaseConfig } from '@/services/firebaseConfig';

const valid = { apiKey: 'demo-api-key', projectId: 'demo-trendvakt' };

describe('parseFirebaseConfig (SPEC §8 configuration errors)', () => {
  it('accepts a demo configuration with the emulator as host:port', () => {
    expect(parseFirebaseConfig({ ...valid, emulatorHost: '127.0.0.1:9099' })).toEqual({
      apiKey: 'demo-api-key',
      projectId: 'demo-trendvakt',
      authDomain: 'demo-trendvakt.firebaseapp.com',
      emulatorUrl: 'http://127.0.0.1:9099',
    });
  });

  it.each([
    [{ ...valid, apiKey: undefined }, 'argument-error'],
    [{ ...valid, apiKey: 'abc:def' }, 'invalid-api-key'],
    [{ ...valid, projectId: '' }, 'argument-error'],
    [{ ...valid, emulatorHost: 'ftp://127.0.0.1:9099' }, 'invalid-emulator-scheme'],
  ])('refuses %j with %s', (raw, code) => {
    let caught: unknown;
    try {
      parseFirebaseConfig(raw);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(FirebaseConfigError);
    expect((caught as FirebaseConfigError).code).toBe(code);
    expect((caught as Error).message).toMatch(/Firebase configuration error/);
  });

  it('keeps an https emulator URL as it is', () => {
    expect(parseFirebaseConfig({ ...valid, emulatorHost: 'https://auth.local:9099' }).emulatorUrl).toBe(
      'https://auth.local:9099',
    );
  });
});
