import { pathTo } from '../../route-paths.ts';

/** The address of a slip's label (docs/PRODUCT.md#slip-label): /product_cost/label?slip_no=24-1187. */
export function slipLabelPath(slipNo: string): string {
  return `${pathTo('product_cost.label')}?${new URLSearchParams({ slip_no: slipNo }).toString()}`;
}
