/** @jest-environment node */
import {
  MemoCache,
  clearPortfolioCaches,
  forgetPortfolio,
  sharedCache,
} from '@/server/services/portfolio/portfolioCache';

describe('MemoCache', () => {
  it('forgets the least recently used entry beyond its size', () => {
    const cache = new MemoCache<number>(2, 1000);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
  });

  it('expires entries after their time to live', () => {
    let now = 0;
    const cache = new MemoCache<string>(5, 100, () => now);
    cache.set('k', 'v');
    now = 99;
    expect(cache.get('k')).toBe('v');
    now = 200;
    expect(cache.get('k')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops one portfolio’s entries from every shared cache', () => {
    const a = sharedCache<number>('test-a', 10, 10_000);
    const b = sharedCache<number>('test-b', 10, 10_000);
    a.set('7|r1', 1);
    a.set('17|r1', 2);
    b.set('7|r2', 3);
    forgetPortfolio(7);
    expect([a.get('7|r1'), a.get('17|r1'), b.get('7|r2')]).toEqual([undefined, 2, undefined]);
    expect(sharedCache<number>('test-a', 10, 10_000)).toBe(a);
    clearPortfolioCaches();
    expect(a.size).toBe(0);
  });
});
