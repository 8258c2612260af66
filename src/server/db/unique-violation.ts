/** A unique index, by name and by the columns it holds (`table.column, …`, as SQLite names them). */
export interface UniqueIndex {
  name: string;
  columns: string;
}

/**
 * Whether an error is the database refusing a row that breaks the given unique index. A check made
 * before the write cannot see a row that another request inserts at the same moment; the index
 * can, and this tells its refusal apart from every other failure.
 */
export function isUniqueViolation(error: unknown, index: UniqueIndex): boolean {
  if (!(error instanceof Error)) return false;
  const { code, constraint } = error as Error & { code?: unknown; constraint?: unknown };
  // PostgreSQL names the index; SQLite names the columns of an index on columns, and tells a primary key apart.
  if (code === '23505') return constraint === index.name;
  return (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') && error.message.endsWith(`: ${index.columns}`);
}
