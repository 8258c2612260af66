import { Button } from '@mantine/core';
import { useNavigate } from 'react-router';
import { pathTo, type RouteName } from '../route-paths.ts';
import { useStepBack } from './use-step-back.ts';

/** 戻る to a named screen, always (docs/PRODUCT.md#shared-behaviour): the list and settings go to the menu. */
export function BackButton({ to }: { to: RouteName }) {
  const navigate = useNavigate();
  return (
    <Button variant="default" onClick={() => navigate(pathTo(to))}>
      戻る
    </Button>
  );
}

/** 戻る one step back in history, or to `parent` for a screen opened straight from its address (useStepBack). */
export function StepBackButton({ parent, disabled }: { parent: RouteName; disabled?: boolean }) {
  const stepBack = useStepBack(parent);
  return (
    <Button variant="default" disabled={disabled} onClick={stepBack}>
      戻る
    </Button>
  );
}
