import { Alert, Button, Group, NumberInput, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { settingsSchema, STALE_AFTER_HOURS_MAX, type Settings } from '../../../domain/settings.ts';
import { api, failureMessage } from '../../api/client.ts';
import { productCostKeys } from '../../api/query-keys.ts';
import { alertDialog } from '../../components/dialogs.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { useLeaveGuard } from '../../components/use-leave-guard.ts';

const settingKey = ['setting'] as const;

/**
 * 要確認までの時間: after how many hours without an action a job in progress is flagged 要確認 in the
 * list and on the floor board (docs/PRODUCT.md#stale-jobs).
 */
export function StaleSettingForm() {
  const queryClient = useQueryClient();
  const setting = useQuery({ queryKey: settingKey, queryFn: () => api<Settings>('GET', '/api/setting') });
  const [typed, setTyped] = useState<number | string | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const save = useMutation({
    mutationFn: (value: Settings) => api('PUT', '/api/setting', { setting: value }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingKey });
      // Every record read carries its 要確認 mark: the ones on screen are read again, and the others
      // are dropped rather than drawn again with the marks of the hours before while they are read.
      await queryClient.resetQueries({ queryKey: productCostKeys.all });
      setTyped(undefined);
      await alertDialog('更新しました。');
    },
    onError: (error) => setProblem(failureMessage(error)),
  });
  const shown = typed ?? setting.data?.stale_after_hours ?? '';
  useLeaveGuard(typed !== undefined && typed !== setting.data?.stale_after_hours);

  const submit = () => {
    setProblem(undefined);
    const parsed = settingsSchema.safeParse({ stale_after_hours: typeof shown === 'number' ? shown : Number.NaN });
    if (!parsed.success) return setProblem(parsed.error.issues[0]!.message);
    save.mutate(parsed.data);
  };

  return (
    <Stack gap="xs" maw={420}>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <Group align="flex-end">
        <NumberInput
          label="要確認までの時間"
          description="操作のないまま、この時間を過ぎた作業中の作業に「要確認」と表示します。"
          suffix=" 時間"
          min={1}
          max={STALE_AFTER_HOURS_MAX}
          // A fraction stays as typed, to be refused with the rule (1.5 must not become 15 by a dropped dot).
          clampBehavior="none"
          value={shown}
          onChange={setTyped}
          disabled={!setting.data}
          size="lg"
        />
        <Button size="lg" onClick={submit} loading={save.isPending} disabled={!setting.data}>
          保存する
        </Button>
      </Group>
      {setting.error && <LoadError title="設定を読み込めませんでした。" error={setting.error} onRetry={() => void setting.refetch()} />}
    </Stack>
  );
}
