import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/** Column types that differ between the two engines; every migration builds its tables with these. */
export function columnTypes(db: Kysely<unknown>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    postgres,
    timestamp: postgres ? ('timestamptz' as const) : ('text' as const),
    addId<T extends string>(table: CreateTableBuilder<T>) {
      return postgres
        ? table.addColumn('id', 'serial', (column) => column.primaryKey())
        : table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement());
    },
  };
}

/** created/updated by and at, on every table that people edit. */
export function addAuditColumns<T extends string>(table: CreateTableBuilder<T>, timestamp: 'timestamptz' | 'text') {
  return table
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('updated_at', timestamp, (column) => column.notNull())
    .addColumn('updated_by', 'integer');
}
