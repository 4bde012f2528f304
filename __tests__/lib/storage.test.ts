import { isQuotaExceeded, safeLocalStorage } from '@/lib/storage';

function quotaError(name = 'QuotaExceededError'): DOMException {
  return new DOMException('The quota has been exceeded.', name);
}

describe('safeLocalStorage', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    window.localStorage.clear();
    warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('reads and writes localStorage', () => {
    safeLocalStorage.setItem('a', '1');
    expect(window.localStorage.getItem('a')).toBe('1');
    expect(safeLocalStorage.getItem('a')).toBe('1');
    safeLocalStorage.removeItem('a');
    expect(safeLocalStorage.getItem('a')).toBeNull();
  });

  it('clears the storage and retries when the quota is exceeded (SPEC §4)', () => {
    window.localStorage.setItem('someone-else', 'x'.repeat(100));
    const real = Storage.prototype.setItem;
    let calls = 0;
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(function (
      this: Storage,
      key: string,
      value: string,
    ) {
      calls += 1;
      if (calls === 1) throw quotaError();
      return real.call(this, key, value);
    });
    expect(() => safeLocalStorage.setItem('trendvakt-settings', '{"state":{}}')).not.toThrow();
    expect(window.localStorage.getItem('someone-else')).toBeNull();
    expect(window.localStorage.getItem('trendvakt-settings')).toBe('{"state":{}}');
    expect(warn).toHaveBeenCalled();
  });

  it('does not crash when even an empty storage has no room', () => {
    window.localStorage.setItem('old', '1');
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw quotaError();
    });
    expect(() => safeLocalStorage.setItem('k', 'v')).not.toThrow();
    expect(window.localStorage.getItem('old')).toBeNull();
  });

  it('keeps the storage for other write errors', () => {
    window.localStorage.setItem('keep', '1');
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(() => safeLocalStorage.setItem('k', 'v')).not.toThrow();
    expect(window.localStorage.getItem('keep')).toBe('1');
  });

  it('returns null when reading throws', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(safeLocalStorage.getItem('k')).toBeNull();
  });

  it('recognises the browsers’ quota errors', () => {
    expect(isQuotaExceeded(quotaError())).toBe(true);
    expect(isQuotaExceeded(quotaError('NS_ERROR_DOM_QUOTA_REACHED'))).toBe(true);
    expect(isQuotaExceeded({ code: 22 })).toBe(true);
    expect(isQuotaExceeded({ code: 1014 })).toBe(true);
    expect(isQuotaExceeded(new Error('nope'))).toBe(false);
    expect(isQuotaExceeded(null)).toBe(false);
  });
});
