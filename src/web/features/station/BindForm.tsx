import { Button, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { bindRequestSchema, stationLimits } from '../../../domain/stations.ts';
import { failureMessage } from '../../api/client.ts';
import { CenteredFormCard } from '../../components/CenteredFormCard.tsx';
import { bindStation } from './station-api.ts';

/** A browser that is no station yet: the administrator's one-time code makes it one. */
export function BindForm({ onBound }: { onBound: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async () => {
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
    <CenteredFormCard
      title="作業端末の登録"
      width={480}
      intro={<Text>管理者が 設定管理 → 端末 で発行した{stationLimits.codeLength}桁の登録コードを入力してください。</Text>}
      error={error}
      onSubmit={submit}
    >
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
    </CenteredFormCard>
  );
}
