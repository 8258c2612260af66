/** The masters an empty database receives (docs/PRODUCT.md#default-data). Reason 5 must be その他. */
export const defaultInterruptions = [
  { id: 1, name: '材料待ち', category: 'unplanned' },
  { id: 2, name: '機械故障', category: 'unplanned' },
  { id: 3, name: '打ち合わせ', category: 'planned' },
  { id: 4, name: '清掃', category: 'planned' },
  { id: 5, name: 'その他', category: 'unplanned' },
] as const;

export const defaultPaperSizes = ['A3', 'A4', 'A5', 'B4', 'B5', '四六判', '菊判'] as const;

export const defaultProcessings: ReadonlyArray<{ name: string; details: readonly string[] }> = [
  { name: '断裁', details: ['全断', '仕上げ断裁'] },
  { name: '折り', details: ['二つ折り', '三つ折り', '観音折り'] },
  { name: '製本', details: ['中綴じ', '無線綴じ'] },
  { name: '打ち抜き', details: ['型抜き'] },
];

/** 呼出内容: the reasons a worker calls for help, filled on the upgrade that brings the floor board. */
export const defaultCallReasons = ['班長呼出', '品質確認', '保全依頼', '材料補充'] as const;

/** 要確認までの時間: a job in progress with no action for longer than this many hours is flagged. */
export const STALE_AFTER_HOURS_KEY = 'stale_after_hours';
export const defaultStaleAfterHours = 12;
