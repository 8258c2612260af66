import { Button, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { messages } from '../../../domain/messages.ts';
import { Page } from '../../components/Page.tsx';
import { pathTo } from '../../route-paths.ts';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Page size="sm">
      <Stack align="flex-start">
        <Text size="lg">{messages.notFoundPage}</Text>
        <Button variant="default" onClick={() => navigate(pathTo('home'), { replace: true })}>
          戻る
        </Button>
      </Stack>
    </Page>
  );
}
