import { Alert, Card, Center, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A screen that is one form on a card in the middle of the page — ログイン, and a station's
 * 作業端末の登録: its title, what it asks for, the refusal of the last try, then its fields.
 */
export function CenteredFormCard({
  title,
  width,
  intro,
  error,
  onSubmit,
  children,
}: {
  title: string;
  width: number;
  intro?: ReactNode;
  error: string | null;
  onSubmit: () => Promise<void>;
  children: ReactNode;
}) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Card withBorder radius="md" padding="xl" w={width} maw="100%">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void onSubmit();
          }}
          noValidate
        >
          <Stack>
            <Title order={1} size="h2" ta="center">
              {title}
            </Title>
            {intro}
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            {children}
          </Stack>
        </form>
      </Card>
    </Center>
  );
}
