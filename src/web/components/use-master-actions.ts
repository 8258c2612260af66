import { useQueryClient, type Query, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../domain/messages.ts';
import type { NamedMasterDefinition } from '../../domain/named-masters.ts';
import type { SavedResponse } from '../../domain/responses.ts';
import type { CurrentUser } from '../../domain/user.ts';
import { api, ApiError, failureMessage } from '../api/client.ts';
import { keyStartsWith, masterKeys } from '../api/query-keys.ts';
import { saveAnnouncement } from '../api/save-announcement.ts';
import { userKeys } from '../api/user.ts';
import { alertDialog, confirmDialog } from './dialogs.tsx';
import { useLeaveGuard } from './use-leave-guard.ts';
import { useStepBack } from './use-step-back.ts';

/** A master's resource in the API, which is also the name of its list's route. */
export type MasterResource = NamedMasterDefinition['resource'] | 'employee' | 'processing';

/**
 * Save and delete of a master form (docs/PRODUCT.md#master-screens): a refused save shows the
 * server's message and stays, with what was typed; a save over an item someone else saved since the
 * form read it (the version the form sends back) is told in a dialog too, as the record editor tells
 * it. A saved or deleted item is announced (a save that changed nothing as such) and the screen goes
 * one step back (to the list when it was opened straight from its address). Leaving the form
 * otherwise while it is `dirty` asks first.
 */
export function useMasterActions(options: {
  resource: MasterResource;
  id: number | undefined;
  invalidate: readonly QueryKey[];
  dirty: boolean;
}) {
  const stepBack = useStepBack(options.resource);
  const guard = useLeaveGuard(options.dirty);
  const queryClient = useQueryClient();
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const base = `/api/${options.resource}`;

  /**
   * After a save that may have changed who the user is (editing yourself, docs/PRODUCT.md#employees),
   * whether they are still an administrator, read again first: a save can take their own
   * administrator flag away. Otherwise true without a read.
   */
  const stillAdministrator = async (userChanged: boolean): Promise<boolean> => {
    if (!userChanged) return true;
    await queryClient.invalidateQueries({ queryKey: userKeys.current });
    return queryClient.getQueryData<CurrentUser | null>(userKeys.current)?.is_admin === true;
  };

  /** Sends `call`, which answers what to announce once it has gone through. */
  const run = async (call: () => Promise<string>, deleting = false) => {
    setBusy(true);
    try {
      const done = await call();
      // Saved: nothing is left to lose, whatever is asked or reloaded while the message shows.
      guard.release();
      const keys = options.invalidate.filter((queryKey) => !keyStartsWith(queryKey, userKeys.current));
      if (!(await stillAdministrator(keys.length < options.invalidate.length))) {
        // The master screens are no longer this user's: RequireAdmin has put the menu in their place,
        // under the message. What they kept is dropped once they are gone, not read again (the server
        // would refuse it), and there is no step back to take.
        await alertDialog(done);
        for (const queryKey of keys) queryClient.removeQueries({ queryKey });
        return;
      }
      // Not the deleted item's own read: the form is still on screen under the dialog, and asking
      // for what is gone again would only earn a 404.
      const gone = (query: Query) => deleting && keyStartsWith(query.queryKey, masterKeys(options.resource).item(options.id));
      // What is on screen is read again now, the rest when next shown; and the list the screen goes
      // back to, not on screen now, is read again while the message is shown, so that it is not
      // first drawn from the rows it kept (the deleted item, the old name). Nobody waits for it.
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey, predicate: (query) => !gone(query) });
      void queryClient.refetchQueries({ queryKey: masterKeys(options.resource).list, exact: true });
      await alertDialog(done);
      stepBack();
    } catch (error) {
      const message = failureMessage(error);
      setErrorMessage(message);
      // Nothing on the form can put this right, and the red area sits above a long form: the dialog
      // makes sure it is read, the red area keeps it in sight while what was typed is copied out.
      if (error instanceof ApiError && error.status === 409 && message === messages.conflict) await alertDialog(message);
    } finally {
      setBusy(false);
    }
  };

  return {
    errorMessage,
    setErrorMessage,
    busy,
    /** Clears the red area, then creates or updates with { [resource]: item }, an update over the item's `version` as read. */
    save: (item: Record<string, unknown> & { version?: number }) => {
      setErrorMessage(null);
      const payload = { [options.resource]: item };
      return options.id === undefined
        ? run(async () => {
            await api('POST', base, payload);
            return messages.saved.registered;
          })
        : run(async () =>
            saveAnnouncement(item.version, await api<SavedResponse>('PUT', `${base}/${options.id}`, payload), messages.saved.updated),
          );
    },
    remove: async () => {
      if (options.id === undefined || !(await confirmDialog(messages.confirmDelete, { action: '削除する' }))) return;
      setErrorMessage(null);
      await run(async () => {
        await api('DELETE', `${base}/${options.id}`);
        return messages.saved.deleted;
      }, true);
    },
  };
}
