import { Box, Button, Group, LoadingOverlay, Select, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { calendarDate, quickRange, quickRangeKinds, quickRangeLabels, type QuickRangeKind } from '../../../domain/date-ranges.ts';
import { LIST_PAGE_SIZE } from '../../../domain/product-cost-list.ts';
import { failureMessage } from '../../api/client.ts';
import { useCurrentUser } from '../../api/user.ts';
import { BackButton } from '../../components/BackButton.tsx';
import { DateRangeInput } from '../../components/DateRangeInput.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Page } from '../../components/Page.tsx';
import { emptyDateRange, type DateRange } from '../../components/date-range.ts';
import { alertDialog } from '../../components/dialogs.tsx';
import { clampPage, pageRows } from '../../components/paging.ts';
import { touchSelectProps } from '../../components/select-props.ts';
import { pathTo } from '../../route-paths.ts';
import { WorkListPager } from './WorkListPager.tsx';
import { WorkListCards } from './WorkListCards.tsx';
import { WorkListTable } from './WorkListTable.tsx';
import { useStoredSort } from './use-stored-sort.ts';
import { searchedMachine, searchedPage, searchedRange, searchedSlip, searchParamsFor, withPage } from './work-list-address.ts';
import { machineChoices } from './work-list-machines.ts';
import { downloadList, useJobsInProgress, useMachines, useWorkList, type ListFileFormat } from './work-list-queries.ts';
import { nextSort, sortRows, type SortKey } from './work-list-sort.ts';

/** The range's records as a CSV or as a workbook (docs/PRODUCT.md#csv-export). */
const listDownloads: ReadonlyArray<{ format: ListFileFormat; label: string }> = [
  { format: 'csv', label: 'CSVダウンロード' },
  { format: 'xlsx', label: 'Excelダウンロード' },
];

/**
 * 作業時間管理一覧 (docs/PRODUCT.md#work-time-list): until 検索 it lists the jobs in progress alone (a
 * worker signed in again goes on with one in a tap); every signed-in user may download the CSV.
 */
export function WorkListPage() {
  const phone = useMediaQuery('(max-width: 47.99em)');
  const navigate = useNavigate();
  const isAdmin = useCurrentUser().data?.is_admin ?? false;
  const [params, setParams] = useSearchParams();
  const searched = searchedRange(params);
  const [range, setRange] = useState(() => searched ?? emptyDateRange);
  const searchedSlipNo = searchedSlip(params);
  const [slip, setSlip] = useState(searchedSlipNo);
  const searchedMachineId = searchedMachine(params);
  const [machineId, setMachineId] = useState(searchedMachineId);
  const machines = useMachines();
  const list = useWorkList(searched, searchedSlipNo, searchedMachineId);
  const inProgress = useJobsInProgress(searched === null);
  const [sort, setSort] = useStoredSort();
  const [downloading, setDownloading] = useState<ListFileFormat | null>(null);

  const rows = useMemo(() => sortRows(list.data ?? [], sort), [list.data, sort]);
  const rowsInProgress = useMemo(() => sortRows(inProgress.data ?? [], sort), [inProgress.data, sort]);
  const showingInProgress = searched === null && rowsInProgress.length > 0;
  const page = clampPage(searchedPage(params), rows.length, LIST_PAGE_SIZE);
  // The address is the list's state, not a history of it: searching and paging replace it.
  const showPage = (next: number) => setParams(withPage(params, next), { replace: true });

  const search = (dates: DateRange = range) => {
    const same =
      searched?.from === dates.from && searched.to === dates.to && searchedSlipNo === slip.trim() && searchedMachineId === machineId;
    setParams(searchParamsFor(dates, slip, machineId), { replace: true });
    if (same) void list.refetch();
  };
  // Both dates and the search in one tap, with the 作業伝票No and 加工機 chosen, as 検索 would.
  const searchQuick = (kind: QuickRangeKind) => {
    const dates = quickRange(kind, calendarDate());
    setRange(dates);
    search(dates);
  };
  const changeSort = (key: SortKey) => {
    setSort(nextSort(sort, key));
    showPage(1);
  };
  const download = async (format: ListFileFormat) => {
    setDownloading(format);
    try {
      await downloadList(range, format);
    } catch (error) {
      void alertDialog(failureMessage(error));
    } finally {
      setDownloading(null);
    }
  };

  const Rows = phone ? WorkListCards : WorkListTable;
  const openRecord = isAdmin ? (id: number) => navigate(pathTo('product_cost.show', { product_cost_id: id })) : undefined;
  return (
    <Page
      title="作業時間管理一覧"
      // Wider than the other screens: on a desktop all eleven columns fit without a sideways scroll.
      size={1600}
      actions={
        <>
          <Button onClick={() => navigate(pathTo('product_cost.create'))}>作業開始</Button>
          <BackButton to="home" />
        </>
      }
    >
      {/* One row that wraps (docs/PRODUCT.md#work-time-list gives its lines at 800, 1280 and 1920 px). */}
      <Group align="flex-end" mb="md" gap="md">
        <DateRangeInput label="作業日" value={range} onChange={setRange} />
        {/* As tall as the other buttons (50 px), for a gloved finger on a tablet; narrow sides keep them beside the dates. */}
        <Group gap="xs" role="group" aria-label="期間をすぐに検索">
          {quickRangeKinds.map((kind) => (
            <Button key={kind} variant="default" px="sm" onClick={() => searchQuick(kind)}>
              {quickRangeLabels[kind]}
            </Button>
          ))}
        </Group>
        {/* Narrows the range to the slips holding the text (24-1187 by 1187); the range's CSV stays whole. */}
        <TextInput
          label="作業伝票No"
          size="lg"
          w="10rem"
          value={slip}
          onChange={(event) => setSlip(event.currentTarget.value)}
          onKeyDown={(event) => event.key === 'Enter' && search()}
          autoComplete="off"
        />
        {/* Narrows the range to one machine's jobs, like 作業伝票No; the CSV stays whole too. */}
        <Select
          label="加工機"
          w="13rem"
          data={machineChoices(machines.data, machineId, list.data)}
          value={machineId}
          onChange={(value) => setMachineId(value ?? '')}
          {...touchSelectProps}
        />
        <Button onClick={() => search()} leftSection={<IconSearch size={20} aria-hidden />}>
          検索
        </Button>
        <Group gap="sm" ml="auto">
          {listDownloads.map(({ format, label }) => (
            <Button
              key={format}
              variant="default"
              onClick={() => void download(format)}
              loading={downloading === format}
              disabled={downloading !== null && downloading !== format}
              leftSection={<IconDownload size={20} aria-hidden />}
            >
              {label}
            </Button>
          ))}
        </Group>
      </Group>
      {machines.isError && (
        <Box mb="md">
          <LoadError title="加工機を読み込めませんでした。" error={machines.error} onRetry={() => void machines.refetch()} />
        </Box>
      )}
      {searched === null && inProgress.isError && (
        <Box mb="md">
          <LoadError title="作業中の作業を読み込めませんでした。" error={inProgress.error} onRetry={() => void inProgress.refetch()} />
        </Box>
      )}
      {showingInProgress && (
        <Box component="section" aria-labelledby="jobs-in-progress" mb="xl">
          <Title id="jobs-in-progress" order={2} size="h3" mb="xs">
            作業中の作業（{rowsInProgress.length}件）
          </Title>
          <Rows label="作業中の作業" rows={rowsInProgress} sort={sort} onSort={(key) => setSort(nextSort(sort, key))} onOpen={openRecord} />
        </Box>
      )}
      {list.isError ? (
        <LoadError title="検索に失敗しました。" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Box pos="relative" mih={160}>
          <LoadingOverlay visible={list.isFetching} />
          {/* A phone lists cards; an upright tablet and wider the table, scrolling inside its area where needed. */}
          <Rows
            label="作業時間一覧"
            rows={pageRows(rows, page, LIST_PAGE_SIZE)}
            sort={sort}
            onSort={changeSort}
            onOpen={openRecord}
            sortControls={!showingInProgress}
          />
          {list.isSuccess && rows.length > 0 ? (
            <WorkListPager total={rows.length} page={page} onChange={showPage} />
          ) : (
            <Text c="dimmed" ta="center" py="xl">
              {list.isSuccess ? '該当する作業記録はありません。' : '作業日を指定して検索してください。'}
            </Text>
          )}
        </Box>
      )}
    </Page>
  );
}
