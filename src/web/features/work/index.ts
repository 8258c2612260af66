/** What the work feature lends to the others: the record editor shows the same counts and workers. */
export { CountSection } from './CountSection.tsx';
export { WorkerChecks } from './WorkerChecks.tsx';
export type { CountValues } from './work-form.ts';
export { useWorkOptions, type WorkOptions } from './work-queries.ts';
