/** SQL helpers shared by the market repository modules. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db';

/** The rows of a raw query (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** An int[] parameter: one bound array instead of one parameter per id. */
export function intArray(ids: readonly number[]): SQL {
  return sql`${sql.param([...ids])}::int[]`;
}
