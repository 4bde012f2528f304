/** Portfolio value and time-weighted return per day against the market's index. */
export * from './performance';
