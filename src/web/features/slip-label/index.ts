/** What the slip label lends to the others: the address of a slip's label, without the barcode code itself. */
export { slipLabelPath } from './slip-label-path.ts';
