import { Button } from '@mantine/core';
import { useNavigate } from 'react-router';
import { pathTo, type RouteName } from '../route-paths.ts';

/** SPEC §2: with a route name it goes to that route, otherwise one step back in history. */
export function BackButton({ to, label = '戻る' }: { to?: RouteName; label?: string }) {
  const navigate = useNavigate();
  return (
    <Button variant="default" onClick={() => (to ? navigate(pathTo(to)) : navigate(-1))}>
      {label}
    </Button>
  );
}
