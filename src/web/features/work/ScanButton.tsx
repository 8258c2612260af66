import { Button } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useState, type ComponentType } from 'react';
import { scanMessages } from '../../../domain/scan-messages.ts';
import { alertDialog } from '../../components/dialogs.tsx';
import type { CameraScanModalProps } from './CameraScanModal.tsx';

interface ScanButtonProps {
  disabled: boolean;
  /** Takes what the camera read: null when it filled the field, else the refusal to show. */
  onRead: (text: string) => Promise<string | null>;
}

/**
 * スキャン beside 作業伝票No: the camera's dialog, whose code (and the decoder it loads) is fetched on
 * the first press, so that the work screen's first load carries none of it.
 */
export function ScanButton({ disabled, onRead }: ScanButtonProps) {
  const [Modal, setModal] = useState<ComponentType<CameraScanModalProps> | null>(null);
  const [opened, setOpened] = useState(false);
  const open = () => {
    if (Modal) return setOpened(true);
    import('./CameraScanModal.tsx').then(
      (loaded) => {
        setModal(() => loaded.CameraScanModal);
        setOpened(true);
      },
      () => void alertDialog(scanMessages.decoderUnavailable),
    );
  };
  return (
    <>
      <Button
        variant="default"
        size="lg"
        h={56}
        px="md"
        fz="lg"
        leftSection={<IconCamera size={28} aria-hidden />}
        disabled={disabled}
        onClick={open}
        style={{ flexShrink: 0 }}
      >
        スキャン
      </Button>
      {Modal && <Modal opened={opened} onClose={() => setOpened(false)} onRead={onRead} />}
    </>
  );
}
