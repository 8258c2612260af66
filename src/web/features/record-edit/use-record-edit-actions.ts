import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { messages } from '../../../domain/messages.ts';
import {
  editMessages,
  recordEditSchema,
  validateRecordTimes,
  type EditRecord,
  type RecordSaved,
} from '../../../domain/product-cost-edit.ts';
import { api, failureMessage } from '../../api/client.ts';
import { keyStartsWith, productCostKeys } from '../../api/query-keys.ts';
import { saveAnnouncement } from '../../api/save-announcement.ts';
import { alertDialog, confirmDialog } from '../../components/dialogs.tsx';
import { useLeaveGuard } from '../../components/use-leave-guard.ts';
import { useStepBack } from '../../components/use-step-back.ts';
import { focusEditPlace } from './edit-place.ts';
import type { editPayload } from './record-edit-form.ts';
import { recordEditKeys } from './record-edit-queries.ts';

/**
 * 保存する and この作業記録を削除する (docs/PRODUCT.md#record-editor). Saving checks the fields and times first as the server will
 * (the first failure is shown and stops the save). A refusal or a failed call is shown and the screen
 * stays, with what was typed; success is announced (a save that changed nothing as such) and the
 * screen goes one step back. Both carry the version that was read, so a record changed since is
 * neither overwritten nor deleted unseen; leaving otherwise with unsaved changes (`dirty`) asks first.
 */
export function useRecordEditActions(record: Pick<EditRecord, 'id' | 'version' | 'time_zone'>, dirty: boolean) {
  const { id } = record;
  const stepBack = useStepBack('product_cost');
  const queryClient = useQueryClient();
  const guard = useLeaveGuard(dirty);
  const [busy, setBusy] = useState(false);
  // A second press before the first re-renders must not send a second call.
  const running = useRef(false);

  /** Sends `call`, which answers what to announce once it has gone through. */
  const run = async (call: () => Promise<string>, deleting = false) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    let done: string;
    try {
      done = await call();
    } catch (error) {
      await alertDialog(failureMessage(error));
      running.current = false;
      setBusy(false);
      return;
    }
    // Saved: nothing is left to lose, whatever is asked or reloaded while the message shows.
    guard.release();
    // Every view of records is stale now: what is on screen is read again at once, but not this
    // screen's own read, nor after a delete any read of the record, which would only earn a 404. The
    // lists the screen goes back to, not on screen now, are read again while the message is shown,
    // so that none is first drawn from the rows it kept. Nobody waits for them.
    const own = deleting ? [...productCostKeys.all, id] : recordEditKeys.record(id);
    void queryClient.invalidateQueries({ queryKey: productCostKeys.all, predicate: (query) => !keyStartsWith(query.queryKey, own) });
    void queryClient.refetchQueries({ queryKey: productCostKeys.lists, type: 'inactive' });
    await alertDialog(done);
    // Still busy: the screen is leaving, and nothing may be sent from it again.
    stepBack();
  };

  return {
    busy,
    save: async (payload: ReturnType<typeof editPayload>) => {
      if (running.current) return;
      // The server's checks in its order: the fields first (the slip number among them), then the times.
      const fields = recordEditSchema.safeParse(payload);
      if (!fields.success) return alertDialog(fields.error.issues[0]!.message);
      const checked = validateRecordTimes(payload, record.time_zone);
      if (!checked.ok) {
        await alertDialog(checked.message, { returnFocus: false });
        return focusEditPlace(checked.place);
      }
      await run(async () =>
        saveAnnouncement(
          payload.version,
          await api<RecordSaved>('PUT', `/api/productcost/${id}`, { productcost: payload }),
          messages.saved.registered,
        ),
      );
    },
    remove: async () => {
      if (running.current || !(await confirmDialog(editMessages.confirmDelete, { action: '削除する' }))) return;
      await run(async () => {
        await api('DELETE', `/api/productcost/${id}?version=${record.version}`);
        return messages.saved.deleted;
      }, true);
    },
  };
}
