import { WorkState, type ScreenState } from '../../domain/work-state.ts';

/** One colour per state, the same as the work screen's button that leads into it, wherever a state shows. */
export const stateColors: Record<ScreenState, string> = {
  notStarted: 'gray',
  busy: 'gray',
  [WorkState.Working]: 'teal',
  [WorkState.SettingUp]: 'blue',
  [WorkState.SetupInterrupted]: 'orange',
  [WorkState.WorkInterrupted]: 'orange',
  [WorkState.EndOfDay]: 'violet',
  [WorkState.Finished]: 'gray',
};
