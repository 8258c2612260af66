import { Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** A titled part of the edit screen, named by its heading so that it can be found as a region. */
export function EditSection({ title, children, order = 2 }: { title: string; children: ReactNode; order?: 2 | 3 }) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs">
      <Title id={headingId} order={order} size={order === 2 ? 'h3' : 'h4'}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
