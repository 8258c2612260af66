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
    // react-router numbers the entries of its history from 0 at an address opened straight; a
    // replacement keeps the number (開始 moving from create to resume, a sign-in's redirect), a step
    // within the app adds one. `location.key` would not do: a replacement gives it a new value. The
    // number is react-router's own, not its API: without it, a step back as before.
    const index = (window.history.state as { idx?: unknown } | null)?.idx;
    if (typeof index !== 'number' || index > 0) navigate(-1);
    else navigate(pathTo(parent), { replace: true });
  };
}
