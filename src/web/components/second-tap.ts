/**
 * How soon after a dialog opens a touch on its buttons is taken for the second tap of the double tap
 * whose first tap opened it (or answered the dialog before it): a finger's double tap comes within
 * about a third of a second, and nobody reads a dialog and answers it that fast.
 */
export const SECOND_TAP_MS = 350;

/**
 * Whether a click on a dialog's button is the second tap of a double tap, to be ignored: the browser
 * counts it as the second click of a series (`detail`), which desktop browsers and Android do, or,
 * where it counts every tap as a first (Safari on an iPad), a touch soon after the dialog opened.
 */
export function isSecondTap(click: { detail: number; pointerType: string; msSinceOpened: number }): boolean {
  return click.detail > 1 || (click.pointerType === 'touch' && click.msSinceOpened < SECOND_TAP_MS);
}
