/**
 * Whether an error is the database refusing a row that breaks the named unique index. A check made
 * before the write cannot see a row that another request inserts at the same moment; the index
 * can, and this tells its refusal apart from every other failure.
 */
export function isUniqueViolation(error: unknown, indexName: string): boolean {
  if (!(error instanceof Error)) return false;
  const { code, constraint } = error as Error & { code?: unknown; constraint?: unknown };
  // PostgreSQL names the index; SQLite only writes it into the message.
  if (code === '23505') return constraint === indexName;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && error.message.includes(`'${indexName}'`);
}
