// The benches' 10,000-transaction portfolio in a database: a subscribed user and one NOK portfolio
// filled by importing bench/portfolioFile.ts's Nordnet files (income and cold benches).
import { users } from '@/server/db/schema';
import type { Db } from '@/server/db';
import { importNordnet } from '@/server/services/import';
import { createPortfolio } from '@/server/services/portfolio';
import { TRANSACTIONS, buildNordnetFiles } from './portfolioFile';

/** Create `uid` and its portfolio `name`, import the bench files into it; returns its id. */
export async function seedBenchPortfolio(
  db: Db,
  opts: { uid: string; email: string; name: string; today: string },
): Promise<number> {
  await db.insert(users).values({
    uid: opts.uid,
    email: opts.email,
    firstName: 'Bench',
    acceptTerms: true,
    subscriptionStatus: 'active',
  });
  const portfolio = await createPortfolio(db, opts.uid, {
    portfolio_name: opts.name,
    description: '',
    subscription: false,
    base_currency: 'NOK',
  });
  const id = portfolio.portfolio_id;
  const built = buildNordnetFiles();
  for (const bytes of built.files)
    await importNordnet(db, opts.uid, id, bytes, { dryRun: false, today: opts.today });
  console.log(
    `portfolio ${id}: ${TRANSACTIONS} transactions, ${built.rows} rows in ${built.files.length} files`,
  );
  return id;
}
