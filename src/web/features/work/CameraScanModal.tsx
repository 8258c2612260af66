import { Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { scanMessages } from '../../../domain/scan-messages.ts';
import { loadDecoder, openCamera, stopCamera, type FrameDecoder } from './camera-scan.ts';

export interface CameraScanModalProps {
  opened: boolean;
  onClose: () => void;
  /** Takes what the camera read: null when it filled the field, else the refusal to show. */
  onRead: (text: string) => Promise<string | null>;
}

/** How long 読み取りました: … shows before the dialog closes by itself. */
const READ_SHOWN_MS = 1000;
/** The pause between two frames read: enough for a tablet to keep up, short enough to feel at once. */
const FRAME_PAUSE_MS = 120;

const buttonProps = { size: 'lg', h: 56, miw: 140, fz: 'lg' } as const;

/** The camera's dialog of スキャン (docs/PRODUCT.md#work-screen). Its camera runs only while it is open. */
export function CameraScanModal({ opened, onClose, onRead }: CameraScanModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="スキャン"
      size="lg"
      centered
      closeButtonProps={{ size: 'xl', 'aria-label': '閉じる' }}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
    >
      {/* Mounted only while open: closing the dialog unmounts it, which stops the camera. */}
      {opened && <CameraReader onClose={onClose} onRead={onRead} />}
    </Modal>
  );
}

type Status = { kind: 'reading'; refused: string | null } | { kind: 'read'; text: string } | { kind: 'failed'; message: string };

function CameraReader({ onClose, onRead }: Omit<CameraScanModalProps, 'opened'>) {
  const video = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<Status>({ kind: 'reading', refused: null });
  const latest = useRef({ onClose, onRead });
  useEffect(() => {
    latest.current = { onClose, onRead };
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let closing: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stopped = true;
      stopCamera(stream);
    };
    const run = async () => {
      // The decoder loads while the camera starts (and the browser may ask for permission).
      const decoding = loadDecoder().then(
        (decoder): FrameDecoder | null => decoder,
        () => null,
      );
      const camera = await openCamera(navigator.mediaDevices);
      if ('stream' in camera) stream = camera.stream;
      if (stopped) return stopCamera(stream);
      if ('refused' in camera) return setStatus({ kind: 'failed', message: camera.refused });
      const element = video.current!;
      element.srcObject = camera.stream;
      // Playback that does not start shows as a camera that reads nothing, which キャンセル leaves.
      await element.play().catch(() => undefined);
      const decoder = await decoding;
      if (stopped) return;
      if (!decoder) {
        stop();
        return setStatus({ kind: 'failed', message: scanMessages.decoderUnavailable });
      }
      while (!stopped) {
        const text = await decoder.read(element).catch(() => null);
        if (stopped) return;
        if (text !== null) {
          const refused = await latest.current.onRead(text);
          if (stopped) return;
          if (refused === null) {
            stop();
            setStatus({ kind: 'read', text });
            closing = setTimeout(() => latest.current.onClose(), READ_SHOWN_MS);
            return;
          }
          // The camera stays on for the right code; the refusal stays until another code is read.
          setStatus({ kind: 'reading', refused });
        }
        await new Promise((resolve) => setTimeout(resolve, FRAME_PAUSE_MS));
      }
    };
    void run();
    return () => {
      stop();
      clearTimeout(closing);
    };
  }, []);

  if (status.kind === 'failed') {
    return (
      <Stack gap="lg">
        <Text size="xl" fw={600} role="alert">
          {status.message}
        </Text>
        <Group justify="flex-end">
          <Button {...buttonProps} onClick={onClose} data-autofocus>
            閉じる
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Box bg="black" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
        <video
          ref={video}
          muted
          playsInline
          aria-label="カメラの映像"
          style={{ display: 'block', width: '100%', maxHeight: '55vh', objectFit: 'contain' }}
        />
      </Box>
      <Text size="xl" fw={600} aria-live="polite" data-testid="scan-status">
        {status.kind === 'read' ? scanMessages.read(status.text) : scanMessages.reading}
      </Text>
      {status.kind === 'reading' && status.refused && (
        <Text size="lg" c="red.8" fw={600} role="alert">
          {status.refused}
        </Text>
      )}
      <Group justify="flex-end">
        <Button {...buttonProps} variant="default" onClick={onClose} disabled={status.kind === 'read'}>
          キャンセル
        </Button>
      </Group>
    </Stack>
  );
}
