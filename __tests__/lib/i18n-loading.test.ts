import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import config from '../../next-i18next.config.js';

// SPEC §7: translation files load with up to 10 parallel reads and 5 retries, the first retry
// after 350 ms and each next one after twice as long. next-i18next hands these options to
// i18next's backend connector; this checks that the connector really behaves so with our config.

interface Call {
  ns: string;
  at: number;
  callback: ReadCallback;
}

function recordingBackend(calls: Call[], now: () => number): BackendModule {
  return {
    type: 'backend',
    init: () => undefined,
    read(_lng: string, ns: string, callback: ReadCallback) {
      calls.push({ ns, at: now(), callback });
    },
  } as BackendModule;
}

async function setup(calls: Call[]) {
  const instance = i18next.createInstance();
  instance.use(recordingBackend(calls, () => Date.now()));
  await instance.init({
    lng: 'nb',
    fallbackLng: config.fallbackLng,
    ns: [],
    maxParallelReads: config.maxParallelReads,
    maxRetries: config.maxRetries,
    retryTimeout: config.retryTimeout,
    initAsync: false,
  });
  return instance;
}

describe('translation loading (next-i18next.config.js)', () => {
  beforeEach(() => jest.useFakeTimers({ now: 0 }));
  afterEach(() => jest.useRealTimers());

  it('sets SPEC §7’s numbers', () => {
    expect(config).toMatchObject({ maxParallelReads: 10, maxRetries: 5, retryTimeout: 350 });
    expect(config.i18n).toMatchObject({ defaultLocale: 'nb', locales: ['nb', 'en'], localeDetection: false });
  });

  it('reads at most 10 files at a time', async () => {
    const calls: Call[] = [];
    const instance = await setup(calls);
    void instance.loadNamespaces(Array.from({ length: 12 }, (_, i) => `ns${i}`));
    expect(calls).toHaveLength(10);
    calls[0].callback(null, {});
    expect(calls).toHaveLength(11);
  });

  it('retries a failed read 5 times, after 350 ms doubling each time', async () => {
    const calls: Call[] = [];
    const instance = await setup(calls);
    const done = jest.fn();
    void instance.loadNamespaces(['pages'], done);
    for (let attempt = 0; attempt < 6; attempt += 1) {
      expect(calls).toHaveLength(attempt + 1);
      // `true` as the second argument marks the failure as retryable (i18next's convention).
      calls[attempt].callback(new Error('ECONNRESET'), true);
      await jest.advanceTimersByTimeAsync(350 * 2 ** attempt);
    }
    expect(calls.map((c) => c.at)).toEqual([0, 350, 1050, 2450, 5250, 10850]);
    expect(calls).toHaveLength(6);
    expect(done).toHaveBeenCalled();
  });
});
