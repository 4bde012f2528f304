/** A user's saved CSV import mappings (issue 22 item 4): listed for the import dialog, deleted on request. */
import type { Db } from '@/server/db';
import type { SavedImportMappingDto } from '@/lib/schemas/importMapping';
import { deleteImportMapping, listImportMappings } from '@/server/repositories/importMappingRepository';
import { notFoundError } from '../errors';

export async function listMappings(db: Db, uid: string): Promise<SavedImportMappingDto[]> {
  const rows = await listImportMappings(db, uid);
  return rows.map((r) => ({ broker: r.broker, mapping: r.mapping, updated_at: r.updatedAt.toISOString() }));
}

export async function deleteMapping(db: Db, uid: string, broker: string): Promise<void> {
  if (!(await deleteImportMapping(db, uid, broker))) throw notFoundError(`No saved mapping for "${broker}"`);
}
