import { Card, Container, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A screen: its title in a card, the content below, and optional actions beside the title. */
export function Page({
  title,
  actions,
  children,
  size = 'md',
}: {
  title?: string;
  actions?: ReactNode;
  children?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}) {
  return (
    <Container size={size} py="lg">
      <Card withBorder radius="md" padding="lg">
        {(title || actions) && (
          <Group justify="space-between" mb="md" wrap="wrap">
            <Title order={1} size="h2">
              {title}
            </Title>
            {actions && <Group gap="sm">{actions}</Group>}
          </Group>
        )}
        {children}
      </Card>
    </Container>
  );
}
