/**
 * 呼出's panel, with the question that asks a press's missing reason (pickReason): of use only once a
 * job is in progress, so asked for as the screen's code runs, beside its first drawing, and not part of
 * what the screen needs before 開始 can be pressed. Not loaded (the network lost between two files, a
 * new version just deployed): null, and the screen works on without 呼出.
 */
export const callPanelCode = import('./CallPanel.tsx').catch(() => null);
