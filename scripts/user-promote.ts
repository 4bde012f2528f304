// npm run user:promote -- <email> — make a registered user an admin (group_id 1).
import { loadEnvironment } from './lib/env';
import { withDatabase } from './lib/database';
import { promoteToAdmin } from '@/server/services/adminUserService';

const email = process.argv[2];
if (!email) {
  console.error('Usage: npm run user:promote -- <email>');
  process.exit(2);
}
loadEnvironment();
withDatabase(async ({ db }) => {
  const user = await promoteToAdmin(db, email);
  console.log(`${user.email} is now an admin (group_id ${user.group_id}).`);
}).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
