import {
  POSITIONAL_COLUMN,
  type ImportMapping,
  type MappedField,
  type MappedKind,
} from '@/lib/schemas/importMapping';
import { normalizeHeader, normalizeType } from './nordnet/cells';

/** How a mapping finds its columns in a file's header and what each type word means (mappedCsv.ts). */

/** A column the mapping names that the file's header lacks (the field it was mapped to, and the name). */
export interface MissingColumn {
  field: MappedField;
  column: string;
}

/** The file's header does not have every mapped column: nothing of it is read. */
export class MappingColumnsError extends Error {
  readonly missing: MissingColumn[];
  readonly headers: string[];
  constructor(missing: MissingColumn[], headers: string[]) {
    super(`column(s) not in the file: ${missing.map((m) => `"${m.column}" (${m.field})`).join(', ')}`);
    this.name = 'MappingColumnsError';
    this.missing = missing;
    this.headers = headers;
  }
}

/** The header's column index of every mapped field, or MappingColumnsError naming the ones not found. */
export function columnIndexes(
  headers: string[],
  mapping: ImportMapping,
): Partial<Record<MappedField, number>> {
  const byName = new Map<string, number>();
  headers.forEach((h, i) => {
    const key = normalizeHeader(h);
    if (!byName.has(key)) byName.set(key, i);
  });
  const indexes: Partial<Record<MappedField, number>> = {};
  const missing: MissingColumn[] = [];
  for (const [field, column] of Object.entries(mapping.columns) as [
    MappedField,
    string | null | undefined,
  ][]) {
    if (column === null || column === undefined) continue;
    const position = POSITIONAL_COLUMN.exec(column.trim());
    let index = byName.get(normalizeHeader(column));
    // `#9`: the 9th column, for a header cell that is empty (a header literally named so wins).
    if (index === undefined && position !== null && Number(position[1]) <= headers.length)
      index = Number(position[1]) - 1;
    if (index === undefined) missing.push({ field, column });
    else indexes[field] = index;
  }
  if (missing.length > 0) throw new MappingColumnsError(missing, headers);
  return indexes;
}

/** A type word's kind: the exact word, else the longest `prefix*` word it starts with. */
export function kindMatcher(mapping: ImportMapping): (type: string) => MappedKind | undefined {
  const exact = new Map<string, MappedKind>();
  const prefixes: [string, MappedKind][] = [];
  for (const t of mapping.types) {
    const word = normalizeType(t.word);
    if (word.endsWith('*') && word.length > 1) prefixes.push([word.slice(0, -1), t.kind]);
    else exact.set(word, t.kind);
  }
  prefixes.sort((a, b) => b[0].length - a[0].length);
  return (type) => exact.get(type) ?? prefixes.find(([prefix]) => type.startsWith(prefix))?.[1];
}

/** One column's index in the header, by name, else by position (`#9`); undefined when the file has none. */
export function findColumn(headers: string[], column: string): number | undefined {
  const key = normalizeHeader(column);
  const byName = headers.findIndex((h) => normalizeHeader(h) === key);
  if (byName >= 0) return byName;
  const position = POSITIONAL_COLUMN.exec(column.trim());
  return position !== null && Number(position[1]) <= headers.length ? Number(position[1]) - 1 : undefined;
}
