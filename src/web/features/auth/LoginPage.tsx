import { Alert, Button, Card, Center, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { failureMessage } from '../../api/client.ts';
import { forgetStationSession } from '../../api/station-session.ts';
import { signIn, useCurrentUser } from '../../api/user.ts';
import { messages } from '../../../domain/messages.ts';

/** Only a path inside this site may be the place to return to after sign-in. */
function safeRedirect(target: string | null): string {
  return target && target.startsWith('/') && !target.startsWith('//') ? target : '/';
}

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const redirect = safeRedirect(searchParams.get('redirect'));
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (user.data) return <Navigate to={redirect} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!userName.trim()) return setError(messages.login.userNameRequired);
    if (!password) return setError(messages.login.passwordRequired);
    setSubmitting(true);
    try {
      await signIn(queryClient, userName, password);
      // A password user's tab is no station's, whatever a station's worker left in it on the way out.
      forgetStationSession();
      navigate(redirect, { replace: true });
    } catch (failure) {
      setError(failureMessage(failure));
      setSubmitting(false);
    }
  };

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Card withBorder radius="md" padding="xl" w={420} maw="100%">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack>
            <Title order={1} size="h2" ta="center">
              ログイン
            </Title>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <TextInput
              label="ユーザID"
              autoComplete="username"
              autoCapitalize="none"
              value={userName}
              onChange={(event) => setUserName(event.currentTarget.value)}
              autoFocus
            />
            <PasswordInput
              label="パスワード"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <Button type="submit" loading={submitting} fullWidth>
              ログイン
            </Button>
          </Stack>
        </form>
      </Card>
    </Center>
  );
}
