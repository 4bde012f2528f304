import { DEFAULT_INCOME_SETTINGS } from '@/lib/income';
import type { IncomeSettingsInput } from '@/lib/schemas/income';
import type { IncomeSettingsDto } from '@/lib/types/income';
import type { Db } from '@/server/db';
import { findIncomeSettings, saveIncomeSettings } from '@/server/repositories/incomeSettingsRepository';

/** GET /api/v1/income/settings: the caller's limits and ex-date alerts (defaults when never saved). */
export async function getIncomeSettings(db: Db, uid: string): Promise<IncomeSettingsDto> {
  const row = await findIncomeSettings(db, uid);
  if (!row) return { ...DEFAULT_INCOME_SETTINGS };
  return {
    holding_limit: row.holdingLimit,
    sector_limit: row.sectorLimit,
    currency_limit: row.currencyLimit,
    ex_date_alerts: row.exDateAlerts,
  };
}

/** PUT /api/v1/income/settings: change any of them; answers the whole settings. */
export async function updateIncomeSettings(
  db: Db,
  uid: string,
  input: IncomeSettingsInput,
): Promise<IncomeSettingsDto> {
  const next = { ...(await getIncomeSettings(db, uid)), ...input };
  await saveIncomeSettings(db, uid, {
    holdingLimit: next.holding_limit,
    sectorLimit: next.sector_limit,
    currencyLimit: next.currency_limit,
    exDateAlerts: next.ex_date_alerts,
  });
  return next;
}
