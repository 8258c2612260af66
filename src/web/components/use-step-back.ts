import { useNavigate } from 'react-router';
import { pathTo, type RouteName } from '../route-paths.ts';

/**
 * One step back in the app's history (docs/PRODUCT.md#shared-behaviour). A screen opened straight
 * from its address (a bookmark, a row opened in a new tab) has no step back within the app, and one
 * step back would leave it or do nothing: `parent`, the screen it is reached from, stands in.
 */
export function useStepBack(parent: RouteName): () => void {
  const navigate = useNavigate();
  return () => {
    // react-router numbers the entries of its history from 0 at the page's first address; a
    // replacement keeps the number (開始 moving from create to resume), a step within the app adds one.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(pathTo(parent), { replace: true });
  };
}
