import { parseArgs, type ParseArgsConfig } from 'node:util';

/** What a benchmark measured: a titled table, printed for people or as one JSON line for scripts. */
export interface BenchReport {
  benchmark: string;
  title: string;
  columns: string[];
  rows: Array<Array<string | number>>;
  notes?: string[];
}

/** A fixed-width table of figures, for a terminal and for docs/PERFORMANCE.md alike. */
export function table(header: string[], rows: Array<Array<string | number>>): string {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => row[column]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(cells[0]!), `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`, ...cells.slice(1).map(line)].join('\n');
}

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * A benchmark's command line: its own options with their full and quick defaults, and the two every
 * benchmark takes: `--quick` (the small variant `npm run bench` runs) and `--json` (one JSON line on
 * standard output; progress goes to standard error).
 */
export function benchArguments<Names extends string>(options: Record<Names, { full: string; quick: string }>) {
  const declared: Options = { quick: { type: 'boolean', default: false }, json: { type: 'boolean', default: false } };
  for (const name of Object.keys(options)) declared[name] = { type: 'string' };
  declared['database-url'] = { type: 'string' };
  const { values } = parseArgs({ options: declared });
  const quick = values.quick === true;
  const chosen = Object.fromEntries(
    Object.entries<{ full: string; quick: string }>(options).map(([name, defaults]) => [
      name,
      (values[name] as string | undefined) ?? (quick ? defaults.quick : defaults.full),
    ]),
  ) as Record<Names, string>;
  const databaseUrl = values['database-url'] as string | undefined;
  return { ...chosen, quick, json: values.json === true, databaseUrl, engine: databaseUrl ? 'PostgreSQL' : 'SQLite' };
}

/** Where a benchmark says how it is getting on: never on standard output when that carries JSON. */
export const progress = (json: boolean) => (json ? process.stderr : process.stdout);

export function publish(report: BenchReport, json: boolean): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(report)}\n`);
    return;
  }
  const notes = report.notes?.length ? `\n${report.notes.join('\n')}\n` : '';
  process.stdout.write(`\n${report.title}\n\n${table(report.columns, report.rows)}\n${notes}`);
}
