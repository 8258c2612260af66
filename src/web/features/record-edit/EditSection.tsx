import { Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/**
 * A titled part of the edit screen, named by its heading so that it can be found as a region; `id`
 * for one that is scrolled to.
 */
export function EditSection({ title, children, order = 2, id }: { title: string; children: ReactNode; order?: 2 | 3; id?: string }) {
  const headingId = useId();
  return (
    <Stack component="section" id={id} aria-labelledby={headingId} gap="xs">
      <Title id={headingId} order={order} size={order === 2 ? 'h3' : 'h4'}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
