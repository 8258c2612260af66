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
  /** A Mantine container size, or a width in pixels for a screen that needs more than xl. */
  size?: 'sm' | 'md' | 'lg' | 'xl' | number;
}) {
  return (
    // Narrower margins on a phone leave the content the width it needs.
    <Container size={size} py={{ base: 'sm', sm: 'lg' }} px={{ base: 'xs', sm: 'md' }}>
      <Card withBorder radius="md" padding="lg" p={{ base: 'sm', sm: 'lg' }}>
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
