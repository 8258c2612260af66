import { namedMasters, OTHER_INTERRUPTION_ID, type NamedMasterDefinition } from '../../../domain/named-masters.ts';
import { pathTo } from '../../route-paths.ts';

/** The texts of one named master's screens (docs/PRODUCT.md#named-masters); the fields come from its definition. */
export interface NamedMasterScreen {
  definition: NamedMasterDefinition;
  listTitle: string;
  columnLabel: string;
  createTitle: string;
  editTitle: string;
  deleteLabel: string;
  /** Absent where every item may be deleted; the server refuses the others anyway. */
  canDelete?: (id: number) => boolean;
}

export const namedMasterScreens: readonly NamedMasterScreen[] = [
  {
    definition: namedMasters.machine,
    listTitle: '加工機一覧',
    columnLabel: '加工機',
    createTitle: '加工機の新規作成',
    editTitle: '加工機の編集',
    deleteLabel: 'この加工機を削除する',
  },
  {
    definition: namedMasters.company,
    listTitle: '会社一覧',
    columnLabel: '会社名',
    createTitle: '会社名の新規作成',
    editTitle: '会社名の編集',
    deleteLabel: 'この会社を削除する',
  },
  {
    definition: namedMasters.interruption,
    listTitle: '中断内容一覧',
    columnLabel: '中断内容',
    createTitle: '中断内容の新規作成',
    editTitle: '中断内容の編集',
    deleteLabel: 'この中断内容を削除する',
    canDelete: (id) => id !== OTHER_INTERRUPTION_ID,
  },
  {
    definition: namedMasters.paper_size,
    listTitle: '用紙サイズ一覧',
    columnLabel: '用紙サイズ',
    createTitle: '用紙サイズの新規作成',
    editTitle: '用紙サイズの編集',
    deleteLabel: 'この用紙サイズを削除する',
  },
  {
    definition: namedMasters.call_reason,
    listTitle: '呼出内容一覧',
    columnLabel: '呼出内容',
    createTitle: '呼出内容の新規作成',
    editTitle: '呼出内容の編集',
    deleteLabel: 'この呼出内容を削除する',
  },
];

/** Each master's routes follow one pattern: <resource>, <resource>.create, <resource>.show with <resource>_id. */
export const namedMasterPaths = ({ resource }: NamedMasterDefinition) => ({
  idParam: `${resource}_id` as const,
  create: pathTo(`${resource}.create`),
  show: (id: number) => pathTo(`${resource}.show`, { [`${resource}_id`]: id }),
});
