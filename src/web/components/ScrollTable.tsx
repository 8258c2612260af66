import { Box, Group, Text } from '@mantine/core';
import { IconArrowsHorizontal } from '@tabler/icons-react';
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';

/** A cell that stays in view while the rest of its row scrolls beneath it. */
export function stuckCell(side: 'left' | 'right', offset: number | string = 0): CSSProperties {
  return {
    position: 'sticky',
    [side]: offset,
    zIndex: 1,
    background: 'var(--mantine-color-body)',
    // A line on the inner edge shows where the scrolling part passes under, only while the table
    // scrolls (ScrollTable sets --stuck-edge); the row's own line is drawn again, since a sticky
    // cell's background covers the table's collapsed border.
    boxShadow: `inset ${side === 'left' ? -1 : 1}px 0 0 var(--stuck-edge, transparent), inset 0 -1px 0 var(--table-border-color)`,
  };
}

/**
 * A wide table's cell on one line, or, for a column of names, wrapping only between their words (after
 * 、 or a space: 断裁機 2号 never as 断裁機 2 / 号) and no narrower than `minWidth`; the table grows and
 * scrolls inside its area instead.
 */
export function lineCell(wraps: boolean | undefined, minWidth: string): CSSProperties {
  return wraps ? { minWidth, wordBreak: 'keep-all' } : { whiteSpace: 'nowrap' };
}

/**
 * A table that may be wider than the screen. It scrolls sideways inside its own area, never the
 * page, and says so: to assistive technology (a labelled, focusable region), to the width checks of
 * the end-to-end tests (data-scrolls="x"), and on screen, with 横にスクロールできます above it while
 * part of it is out of view.
 */
export function ScrollTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  const area = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = area.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    measure();
    return () => observer.disconnect();
  }, []);
  return (
    <Box>
      {overflows && (
        <Group gap={6} c="blue.8" mb={4} wrap="nowrap" aria-hidden>
          <IconArrowsHorizontal size={20} />
          <Text size="sm" fw={600}>
            横にスクロールできます
          </Text>
        </Group>
      )}
      <Box
        ref={area}
        data-scrolls="x"
        role="region"
        aria-label={`${label}（横にスクロールできます）`}
        tabIndex={0}
        style={{
          overflowX: 'auto',
          overscrollBehaviorX: 'contain',
          ...(overflows && ({ '--stuck-edge': 'var(--mantine-color-gray-4)' } as CSSProperties)),
        }}
      >
        <Box miw={minWidth}>{children}</Box>
      </Box>
    </Box>
  );
}
