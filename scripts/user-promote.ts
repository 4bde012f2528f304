// npm run user:promote -- <uid or email> — make a registered user an admin (group_id 1).
import { loadEnvironment } from './lib/env';
import { withDatabase } from './lib/database';
import { promoteToAdmin } from '@/server/services/accounts';

const who = process.argv[2];
if (!who) {
  console.error('Usage: npm run user:promote -- <uid or email>');
  process.exit(2);
}
loadEnvironment();
withDatabase(async ({ db }) => {
  const user = await promoteToAdmin(db, who);
  console.log(`${user.email ?? user.uid} (uid ${user.uid}) is now an admin (group_id ${user.group_id}).`);
}).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
