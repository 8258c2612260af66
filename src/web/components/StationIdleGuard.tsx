import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/** docs/PRODUCT.md#stations: a station's worker is signed out after 2 minutes without a touch. */
export const STATION_IDLE_MS = 2 * 60 * 1000;
/** The countdown shows for the last 20 seconds. */
export const STATION_COUNTDOWN_MS = 20 * 1000;

const TOUCHES = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/** Counts down while nothing is touched; any touch starts the 2 minutes again. */
export function StationIdleGuard({ onIdle }: { onIdle: () => void }) {
  const [lastTouch, setLastTouch] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const touched = () => setLastTouch(Date.now());
    for (const name of TOUCHES) window.addEventListener(name, touched, { passive: true, capture: true });
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    return () => {
      for (const name of TOUCHES) window.removeEventListener(name, touched, { capture: true });
      window.clearInterval(tick);
    };
  }, []);

  const left = STATION_IDLE_MS - (now - lastTouch);
  const signedOut = useRef(false);
  useEffect(() => {
    if (left > 0 || signedOut.current) return;
    signedOut.current = true;
    onIdle();
  }, [left, onIdle]);

  const seconds = Math.max(0, Math.ceil(left / 1000));
  return (
    <Modal
      opened={left <= STATION_COUNTDOWN_MS && left > 0}
      onClose={() => setLastTouch(Date.now())}
      title="自動ログアウト"
      centered
      size="md"
    >
      <Text fz="xl" role="status">
        操作がないため、あと{seconds}秒でログアウトします。
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button size="xl" onClick={() => setLastTouch(Date.now())}>
          続ける
        </Button>
      </Group>
    </Modal>
  );
}
