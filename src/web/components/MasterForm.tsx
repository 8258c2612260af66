import { Alert, Box, Button, Group, LoadingOverlay, Stack } from '@mantine/core';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { StepBackButton } from './BackButton.tsx';
import { LoadError } from './LoadError.tsx';
import { Page } from './Page.tsx';
import type { MasterResource } from './use-master-actions.ts';
import { useStepBack } from './use-step-back.ts';

interface MasterFormProps {
  title: string;
  /** The master, whose list 戻る and キャンセル go to when the form was opened straight from its address. */
  resource: MasterResource;
  mode: 'create' | 'edit';
  /** The server's or the form's message, shown in the red area until the next save attempt. */
  errorMessage: string | null;
  busy: boolean;
  loading?: boolean;
  loadError?: unknown;
  onRetryLoad?: () => void;
  onSubmit: () => void;
  /** Edit mode only; absent where deleting is not allowed (yourself). */
  onDelete?: () => void;
  deleteLabel: string;
  children: ReactNode;
}

/** The frame of a master's create/edit form: 戻る, the error area, the fields, キャンセル, save and delete. */
export function MasterForm(props: MasterFormProps) {
  const stepBack = useStepBack(props.resource);
  const alertRef = useRef<HTMLDivElement>(null);
  // The save button sits below a long form; its message appears at the top, which may be scrolled away.
  useEffect(() => {
    if (props.errorMessage) alertRef.current?.scrollIntoView({ block: 'center' });
  }, [props.errorMessage]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <Page title={props.title} actions={<StepBackButton parent={props.resource} />}>
      {props.loadError ? (
        <LoadError error={props.loadError} onRetry={() => props.onRetryLoad?.()} />
      ) : (
        <Box pos="relative">
          <LoadingOverlay visible={props.loading ?? false} />
          <form onSubmit={submit} noValidate>
            <Stack>
              {props.errorMessage && (
                <Alert ref={alertRef} color="red" role="alert" variant="filled">
                  {props.errorMessage}
                </Alert>
              )}
              {props.children}
              <Group justify="space-between" mt="md">
                <Group>
                  <Button variant="default" onClick={stepBack} disabled={props.busy}>
                    キャンセル
                  </Button>
                  <Button type="submit" loading={props.busy}>
                    {props.mode === 'create' ? '登録する' : '保存する'}
                  </Button>
                </Group>
                {props.mode === 'edit' && props.onDelete && (
                  <Button color="red" variant="outline" onClick={props.onDelete} disabled={props.busy}>
                    {props.deleteLabel}
                  </Button>
                )}
              </Group>
            </Stack>
          </form>
        </Box>
      )}
    </Page>
  );
}
