import { Alert, Button, Card, Center, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { bindRequestSchema, stationLimits } from '../../../domain/stations.ts';
import { failureMessage } from '../../api/client.ts';
import { bindStation } from './station-api.ts';

/**
 * A browser that is no station yet: the administrator's one-time code makes it one. Its frame is
 * ログイン's (LoginPage); shared as a component, it made the bundler split a common chunk out of the
 * entry, and the work screen's first load grew by 1.6 KB, over its budget (docs/PERFORMANCE.md).
 */
export function BindForm({ onBound }: { onBound: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = bindRequestSchema.safeParse({ code });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setSending(true);
    setError(null);
    try {
      await bindStation(parsed.data.code);
      onBound();
    } catch (failure) {
      setError(failureMessage(failure));
      setSending(false);
    }
  };

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Card withBorder radius="md" padding="xl" w={480} maw="100%">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack>
            <Title order={1} size="h2" ta="center">
              作業端末の登録
            </Title>
            {/* The names a worker looks for stay whole on one line: a line break inside 登録コード hides the word. */}
            <Text>
              管理者が <span style={{ whiteSpace: 'nowrap' }}>設定管理 → 端末</span> で発行した
              <span style={{ whiteSpace: 'nowrap' }}>{stationLimits.codeLength}桁の登録コード</span>を入力してください。
            </Text>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <TextInput
              label="登録コード"
              inputMode="numeric"
              autoComplete="off"
              size="xl"
              maxLength={stationLimits.codeLength}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              autoFocus
            />
            <Button type="submit" size="xl" loading={sending}>
              登録
            </Button>
          </Stack>
        </form>
      </Card>
    </Center>
  );
}
