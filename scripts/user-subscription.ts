// npm run user:subscription -- <uid or email> active|inactive — set a user's subscription status.
import { loadEnvironment } from './lib/env';
import { withDatabase } from './lib/database';
import {
  SUBSCRIPTION_STATUSES,
  setSubscriptionStatus,
  type SubscriptionStatus,
} from '@/server/services/accounts';

const [who, status] = process.argv.slice(2);
if (!who || !SUBSCRIPTION_STATUSES.includes(status as SubscriptionStatus)) {
  console.error(`Usage: npm run user:subscription -- <uid or email> ${SUBSCRIPTION_STATUSES.join('|')}`);
  process.exit(2);
}
loadEnvironment();
withDatabase(async ({ db }) => {
  const user = await setSubscriptionStatus(db, who, status as SubscriptionStatus);
  console.log(`${user.email ?? user.uid} (uid ${user.uid}): subscription ${user.subscription_status}.`);
}).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
