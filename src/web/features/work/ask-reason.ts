import type { SelectorItem } from '../../../domain/responses.ts';
import { alertDialog } from '../../components/dialogs.tsx';
import { callPanelCode } from './call-panel-code.ts';

/**
 * Asks 中断's missing reason with a button for each (pickReason, which comes with 呼出's panel), answering
 * the id chosen or null. Without the panel's code, or without reasons to offer, the question is a
 * message as before, and the reason is chosen in the select.
 */
export async function askReason(question: string, reasons: readonly SelectorItem[]): Promise<string | null> {
  const panel = reasons.length === 0 ? null : await callPanelCode;
  if (panel) return panel.pickReason(question, reasons);
  await alertDialog(question);
  return null;
}
