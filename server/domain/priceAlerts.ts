/**
 * Price alerts (issue 25), pure: which armed alerts a session's closes cross. "Above 260" triggers on
 * a close at or above 260, "below 200" on a close at or below 200.
 */
export interface ArmedPriceAlert {
  id: number;
  tickerId: number;
  direction: string;
  price: number;
}

/** The alerts whose ticker has a close in `closes` that reaches the alert's price, with that close. */
export function crossedPriceAlerts<A extends ArmedPriceAlert>(
  alerts: readonly A[],
  closes: ReadonlyMap<number, number>,
): (A & { close: number })[] {
  const out: (A & { close: number })[] = [];
  for (const alert of alerts) {
    const close = closes.get(alert.tickerId);
    if (close === undefined) continue;
    const crossed = alert.direction === 'above' ? close >= alert.price : close <= alert.price;
    if (crossed) out.push({ ...alert, close });
  }
  return out;
}
