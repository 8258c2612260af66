import { Button, Flex, Paper, Select, SimpleGrid, Stack, type ButtonProps } from '@mantine/core';
import type { SelectorItem } from '../../../domain/masters.ts';
import { OTHER_INTERRUPTION_ID } from '../../../domain/named-masters.ts';
import { INTERRUPTION_OTHER_MAX_LENGTH, workMessages } from '../../../domain/product-cost-fields.ts';
import { LimitedTextInput } from '../../components/LimitedTextInput.tsx';
import { isAllowed, WorkState, type ScreenState, type WorkAction } from '../../../domain/work-state.ts';
import type { InterruptionChoice } from './work-form.ts';
import type { buttonActions } from './work-session.ts';
import { stateColors } from '../../components/work-state-colors.ts';
import { lockedInputStyle, selectData, touchSelectProps } from '../../components/select-props.ts';

interface ActionPanelProps {
  state: ScreenState;
  /** Every button disabled a moment after a press answered at once, against a double tap's second tap. */
  settling: boolean;
  actions: ReturnType<typeof buttonActions>;
  interruptions: SelectorItem[];
  interruption: InterruptionChoice;
  onInterruptionChange: (choice: InterruptionChoice) => void;
  onStart: () => void;
  onSetup: () => void;
  onInterrupt: () => void;
  onRestart: () => void;
  onNowork: () => void;
  onFinish: () => void;
}

// A phone gets two buttons a row at a smaller font, so that 段取り中... fits whole.
const actionButton: ButtonProps = { size: 'xl', fullWidth: true, h: 64, px: 'xs', fz: { base: 'lg', sm: 'xl' } };

/**
 * The work buttons of docs/PRODUCT.md#work-screen, each enabled exactly when the state machine allows its action now
 * (docs/PRODUCT.md#allowed-actions), and 中断内容 beside 中断 and 再開.
 */
export function ActionPanel(props: ActionPanelProps) {
  const { state, actions, interruption } = props;
  const can = (action: WorkAction) => !props.settling && isAllowed(state, action);
  const setupOpen = actions.setup === 'setupFinish';
  const choosing = can(actions.interrupt);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Button {...actionButton} color={stateColors[WorkState.Working]} disabled={!can('start')} onClick={props.onStart}>
          開始
        </Button>
        <Button {...actionButton} color={stateColors[WorkState.SettingUp]} disabled={!can(actions.setup)} onClick={props.onSetup}>
          {setupOpen ? '段取り中...' : '段取り'}
        </Button>
        <Button {...actionButton} color={stateColors[WorkState.EndOfDay]} disabled={!can(actions.nowork)} onClick={props.onNowork}>
          {actions.nowork === 'noworkFinish' ? '始業' : '終業'}
        </Button>
        <Button {...actionButton} color="red" disabled={!can('finish')} onClick={props.onFinish}>
          終了
        </Button>
      </SimpleGrid>
      <Paper withBorder radius="md" p="sm" bg="orange.0">
        <Stack gap="sm">
          {/* On a phone the reason takes the whole width and 中断 and 再開 sit below it, side by side. */}
          <Flex gap="sm" direction={{ base: 'column', xs: 'row' }} align={{ base: 'stretch', xs: 'flex-end' }}>
            <Select
              label="中断内容"
              data={selectData(props.interruptions)}
              value={interruption.interruption_id}
              onChange={(interruption_id) => props.onInterruptionChange({ ...interruption, interruption_id })}
              // Chosen before 中断; while interrupted it shows what the work is waiting for.
              disabled={!choosing}
              style={{ flex: 1, minWidth: 0 }}
              {...touchSelectProps}
            />
            <SimpleGrid cols={2} spacing="sm" w={{ base: '100%', xs: 292 }} style={{ flex: 'none' }}>
              <Button
                {...actionButton}
                color={stateColors[WorkState.WorkInterrupted]}
                disabled={!can(actions.interrupt)}
                onClick={props.onInterrupt}
              >
                中断
              </Button>
              <Button {...actionButton} color={stateColors[WorkState.Working]} disabled={!can(actions.restart)} onClick={props.onRestart}>
                再開
              </Button>
            </SimpleGrid>
          </Flex>
          {interruption.interruption_id === String(OTHER_INTERRUPTION_ID) && (
            <LimitedTextInput
              label="その他の内容"
              value={interruption.interruption_other}
              onChange={(event) => props.onInterruptionChange({ ...interruption, interruption_other: event.currentTarget.value })}
              maxLength={INTERRUPTION_OTHER_MAX_LENGTH}
              limitMessage={workMessages.interruptionOtherAtLimit}
              disabled={!choosing}
              autoComplete="off"
              styles={{ input: lockedInputStyle }}
            />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
