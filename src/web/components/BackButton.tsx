import { Button } from '@mantine/core';
import { useNavigate } from 'react-router';
import { pathTo, type RouteName } from '../route-paths.ts';

/** docs/PRODUCT.md#shared-behaviour: with a route name it goes to that route, otherwise one step back in history. */
export function BackButton({ to, label = '戻る', disabled }: { to?: RouteName; label?: string; disabled?: boolean }) {
  const navigate = useNavigate();
  return (
    <Button variant="default" disabled={disabled} onClick={() => (to ? navigate(pathTo(to)) : navigate(-1))}>
      {label}
    </Button>
  );
}
