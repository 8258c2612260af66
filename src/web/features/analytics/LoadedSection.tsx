import type { ReactNode } from 'react';
import { LoadError } from '../../components/LoadError.tsx';

/**
 * A section's figures, or in their place why they did not load, with 再読み込み: a section whose
 * read failed must not look like a range without stops, defects or jobs.
 */
export function LoadedSection({ query, children }: { query: { error: unknown; refetch: () => unknown }; children: ReactNode }) {
  return query.error ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : children;
}
