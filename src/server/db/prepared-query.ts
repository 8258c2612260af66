import { CompiledQuery, type Compilable, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './schema.ts';

/** What a value stands in as while its query is compiled: a text no real value begins with. */
const STAND_IN = '\u0000prepared-query-value:';

/** Between a list's name and an item's index in the item's stand-in. */
const ITEM = '\u0000';

interface Prepared {
  sql: string;
  /** Where each parameter comes from: a value's name (and an index in it, for a list's item), or a constant of the query itself. */
  parameters: ReadonlyArray<{ value: string; index?: number } | { constant: unknown }>;
}

/** The names of the values that are lists. */
type ListName<Values> = { [Name in keyof Values & string]: Values[Name] extends readonly unknown[] ? Name : never }[keyof Values & string];

/** What `build` receives for each value: a stand-in, typed as the value it stands for. */
export interface ValueOf<Values> {
  <Name extends keyof Values & string>(name: Name): Values[Name];
  /**
   * Stand-ins for the first `length` items of a list: for `in (…)` or the rows of an insert. The
   * length shapes the text, so it must be part of the shape the query is run with.
   */
  items<Name extends ListName<Values>>(name: Name, length: number): Values[Name];
}

/**
 * A query Kysely builds and compiles once, then runs again with new values. Building a query and
 * compiling it is most of what Kysely costs: the session's lookup took 28–64 µs to build and compile
 * and 3–7 µs to run on SQLite, and a work action sends seven to twelve such statements there, three
 * to six on PostgreSQL (docs/PERFORMANCE.md, Work actions).
 *
 * `build` gets `value(name)`, a stand-in for one of the values the query is run with, and
 * `value.items(name, length)`, stand-ins for a list's items. Use them only where Kysely makes a
 * parameter of the value (a compared, inserted or set value), never where the value shapes the
 * text (`is null`, a list's length, a table's name) nor in JavaScript
 * (`value('x') ?? …`, whose answer would be fixed at the first build). A stand-in that does not
 * come out as a parameter at all fails at the first run. What shapes the text goes into `shape`,
 * and each shape is compiled once. The compiled text is kept per database handle (its dialect's
 * adapter, which its transactions share), so each engine compiles its own; Kysely's plugins and
 * `withSchema` are not part of the key, and the product uses neither.
 */
export function preparedQuery<Values extends object, Row, Shape extends string = ''>(
  build: (db: Kysely<Database>, value: ValueOf<Values>, shape: Shape) => Compilable<Row> | RawBuilder<Row>,
): (db: Kysely<Database>, values: Values, shape?: Shape) => Promise<Row[]> {
  const byDialect = new WeakMap<object, Map<string, Prepared>>();

  function prepare(db: Kysely<Database>, shape: Shape): Prepared {
    const used = new Set<string>();
    const standIn = (source: string) => {
      used.add(source);
      return `${STAND_IN}${source}`;
    };
    const value = Object.assign((name: string) => standIn(name), {
      items: (name: string, length: number) => Array.from({ length }, (_, index) => standIn(`${name}${ITEM}${index}`)),
    }) as unknown as ValueOf<Values>;
    const built = build(db, value, shape);
    const compiled = 'isRawBuilder' in built ? built.compile(db) : built.compile();
    const found = new Set<string>();
    const parameters = compiled.parameters.map((parameter) => {
      if (typeof parameter !== 'string' || !parameter.startsWith(STAND_IN)) return { constant: parameter };
      const source = parameter.slice(STAND_IN.length);
      found.add(source);
      const [name, index] = source.split(ITEM) as [string, string | undefined];
      return index === undefined ? { value: name } : { value: name, index: Number(index) };
    });
    const lost = [...used].filter((source) => !found.has(source)).map((source) => source.replace(ITEM, '#'));
    if (lost.length > 0) throw new Error(`prepared query: ${lost.join(', ')} did not become parameters of ${compiled.sql}`);
    return { sql: compiled.sql, parameters };
  }

  return async (db, values, shape = '' as Shape) => {
    const dialect = db.getExecutor().adapter;
    let shapes = byDialect.get(dialect);
    if (!shapes) byDialect.set(dialect, (shapes = new Map()));
    let prepared = shapes.get(shape);
    if (!prepared) shapes.set(shape, (prepared = prepare(db, shape)));
    const parameters = prepared.parameters.map((parameter) => {
      if (!('value' in parameter)) return parameter.constant;
      const given = (values as Record<string, unknown>)[parameter.value];
      return parameter.index === undefined ? given : (given as readonly unknown[])[parameter.index];
    });
    return (await db.executeQuery<Row>(CompiledQuery.raw(prepared.sql, parameters))).rows;
  };
}

/**
 * The columns a write sets, in a stable order: the shape of a prepared insert or update whose set
 * of columns varies. A value left undefined sets nothing, as Kysely leaves such a column out.
 */
export const columnsOf = (values: object): string =>
  Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([column]) => column)
    .sort()
    .join(',');

/** Each column of `columns` (as columnsOf writes them) with the stand-in of its value. */
export const standIns = (columns: string, value: ValueOf<Record<string, unknown>>): Record<string, unknown> =>
  Object.fromEntries(columns.split(',').map((column) => [column, value(column)]));
