import { useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { messages } from '../../domain/messages.ts';
import { confirmDialog } from './dialogs.tsx';

/** The guards of the forms on screen with unsaved changes, for a leave that is not a navigation (ログアウト). */
const unsavedForms = new Set<{ release: () => void }>();

/**
 * Asks 変更を破棄しますか？ when a form on screen has unsaved changes, before ログアウト ends the session
 * under it; true when there are none or they are to be discarded (releaseUnsavedForms, once the
 * session has ended, lets them leave without asking again).
 */
export async function confirmDiscardingUnsaved(): Promise<boolean> {
  return unsavedForms.size === 0 || confirmDialog(messages.confirmDiscard, { action: '破棄する' });
}

export function releaseUnsavedForms(): void {
  for (const form of unsavedForms) form.release();
}

/**
 * Asks 変更を破棄しますか？ before a form with unsaved changes is left within the app: キャンセル,
 * 戻る, the browser's Back, a link, ログアウト (confirmDiscardingUnsaved). A reload or closing the tab
 * gets the browser's own question. A save or delete that succeeded calls `release` and leaves freely.
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
  const [guard] = useState(() => {
    const form = {
      release: () => {
        released.current = true;
        unsavedForms.delete(form);
      },
    };
    return form;
  });
  useEffect(() => {
    if (!dirty || released.current) return;
    const form = guard;
    unsavedForms.add(form);
    const askBrowser = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers show their question only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', askBrowser);
    return () => {
      unsavedForms.delete(form);
      window.removeEventListener('beforeunload', askBrowser);
    };
  }, [dirty, guard]);
  return guard;
}
