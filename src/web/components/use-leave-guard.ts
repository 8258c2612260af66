import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { messages } from '../../domain/messages.ts';
import { confirmDialog } from './dialogs.tsx';

/**
 * Asks 変更を破棄しますか？ before a form with unsaved changes is left within the app: キャンセル,
 * 戻る, the browser's Back, a link. A save or delete that succeeded calls `release` and leaves freely.
 */
export function useLeaveGuard(dirty: boolean): { release: () => void } {
  const released = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !released.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  // One question per attempt to leave, however often the screen renders while it is asked.
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirmDialog(messages.confirmDiscard, { action: '破棄する' }).then((discard) => {
      asking.current = false;
      if (discard) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker]);
  return {
    release: () => {
      released.current = true;
    },
  };
}
