import { Group, Pagination, Text } from '@mantine/core';
import { LIST_PAGE_SIZE } from '../../../domain/product-cost-list.ts';
import { pageCount } from '../../components/paging.ts';

// docs/PRODUCT.md#work-time-list: the previous and next controls read « and ».
const PreviousMark = () => <span>«</span>;
const NextMark = () => <span>»</span>;

/** The number of rows found and, past one page, the pages to move between. */
export function WorkListPager({ total, page, onChange }: { total: number; page: number; onChange: (page: number) => void }) {
  return (
    <Group justify="space-between" mt="md" gap="md">
      <Text size="lg">全{total}件</Text>
      <Pagination
        total={pageCount(total, LIST_PAGE_SIZE)}
        value={page}
        onChange={onChange}
        previousIcon={PreviousMark}
        nextIcon={NextMark}
        size="xl"
        hideWithOnePage
      />
    </Group>
  );
}
