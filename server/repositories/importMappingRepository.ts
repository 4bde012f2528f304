/** A user's saved CSV mappings per broker: every query takes the user's uid (STYLE.md: ownership is a query filter). */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { importMappings } from '@/server/db/schema';
import type { ImportMapping } from '@/lib/schemas/importMapping';

export interface ImportMappingRow {
  broker: string;
  mapping: ImportMapping;
  updatedAt: Date;
}

/** One mapping per broker name whatever its case or surrounding spaces. */
export const brokerKey = (broker: string) => broker.trim().toLowerCase();

const columns = {
  broker: importMappings.broker,
  mapping: importMappings.mapping,
  updatedAt: importMappings.updatedAt,
};

export function listImportMappings(db: Db, uid: string): Promise<ImportMappingRow[]> {
  return db
    .select(columns)
    .from(importMappings)
    .where(eq(importMappings.userUid, uid))
    .orderBy(asc(importMappings.brokerKey));
}

export async function findImportMapping(
  db: Db,
  uid: string,
  broker: string,
): Promise<ImportMappingRow | null> {
  const rows = await db
    .select(columns)
    .from(importMappings)
    .where(and(eq(importMappings.userUid, uid), eq(importMappings.brokerKey, brokerKey(broker))));
  return rows[0] ?? null;
}

/** Save (insert or replace) the user's mapping for a broker. */
export async function saveImportMapping(
  db: Db,
  uid: string,
  broker: string,
  mapping: ImportMapping,
): Promise<ImportMappingRow> {
  const [row] = await db
    .insert(importMappings)
    .values({ userUid: uid, brokerKey: brokerKey(broker), broker: broker.trim(), mapping })
    .onConflictDoUpdate({
      target: [importMappings.userUid, importMappings.brokerKey],
      set: { broker: broker.trim(), mapping, updatedAt: sql`now()` },
    })
    .returning(columns);
  return row;
}

/** Delete the user's mapping for a broker; false when there was none. */
export async function deleteImportMapping(db: Db, uid: string, broker: string): Promise<boolean> {
  const rows = await db
    .delete(importMappings)
    .where(and(eq(importMappings.userUid, uid), eq(importMappings.brokerKey, brokerKey(broker))))
    .returning({ broker: importMappings.broker });
  return rows.length > 0;
}
