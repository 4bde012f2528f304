/** A user's income and allocation settings (issue 41); every call takes the user id. */
import { eq, sql } from 'drizzle-orm';

import type { Db } from '@/server/db';
import { incomeSettings } from '@/server/db/schema';

export interface IncomeSettingsRow {
  holdingLimit: number;
  sectorLimit: number;
  currencyLimit: number;
  exDateAlerts: boolean;
}

/** The user's settings, undefined when never saved (the defaults apply). */
export async function findIncomeSettings(db: Db, uid: string): Promise<IncomeSettingsRow | undefined> {
  const [row] = await db
    .select({
      holdingLimit: incomeSettings.holdingLimit,
      sectorLimit: incomeSettings.sectorLimit,
      currencyLimit: incomeSettings.currencyLimit,
      exDateAlerts: incomeSettings.exDateAlerts,
    })
    .from(incomeSettings)
    .where(eq(incomeSettings.userUid, uid));
  return row;
}

/** Write the user's whole settings row. */
export async function saveIncomeSettings(db: Db, uid: string, row: IncomeSettingsRow): Promise<void> {
  await db
    .insert(incomeSettings)
    .values({ userUid: uid, ...row, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: incomeSettings.userUid,
      set: {
        holdingLimit: sql`excluded.holding_limit`,
        sectorLimit: sql`excluded.sector_limit`,
        currencyLimit: sql`excluded.currency_limit`,
        exDateAlerts: sql`excluded.ex_date_alerts`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** The users who asked for ex-date notifications. */
export async function listExDateAlertUsers(db: Db): Promise<string[]> {
  const rows = await db
    .select({ uid: incomeSettings.userUid })
    .from(incomeSettings)
    .where(eq(incomeSettings.exDateAlerts, true));
  return rows.map((r) => r.uid);
}
