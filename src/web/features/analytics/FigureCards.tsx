import { Paper, SimpleGrid, Text, type SimpleGridProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A figure with its name, and where it helps how it came about (3,000円/時 × 2:15:00). */
export interface Figure {
  label: string;
  value: string;
  how?: ReactNode;
}

/** Figures in cards, each with its name above it and what explains it under it, as a list of terms. */
export function FigureCards({ figures, cols }: { figures: Figure[]; cols: SimpleGridProps['cols'] }) {
  return (
    <SimpleGrid cols={cols} spacing="sm" component="dl" m={0}>
      {figures.map(({ label, value, how }) => (
        <Paper key={label} withBorder p="sm" radius="md" data-testid="analytics-card">
          <Text component="dt" size="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          <Text component="dd" m={0} fz={26} fw={800}>
            {value}
          </Text>
          {how && (
            // A formula wraps at its spaces (around − ÷ ×), never inside a name such as 作業時間.
            <Text component="dd" m={0} size="sm" c="dimmed" style={{ wordBreak: 'keep-all' }}>
              {how}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
