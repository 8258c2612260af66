import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { filterQuery, type ScreenFilter } from './analytics-filters.ts';

/** Excel and CSV downloads of what a table shows, with the screen's filters: plain links the browser saves. */
export function DownloadButtons({
  path,
  query,
  filter,
  label,
}: {
  path: string;
  query: Record<string, string>;
  filter: ScreenFilter;
  label: string;
}) {
  return (
    <Group gap="xs">
      {(['xlsx', 'csv'] as const).map((format) => (
        <Button
          key={format}
          component="a"
          href={`${path}?${filterQuery(filter, { ...query, format })}`}
          download
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
          aria-label={`${label}を${format === 'xlsx' ? 'Excel' : 'CSV'}でダウンロード`}
        >
          {format === 'xlsx' ? 'Excel' : 'CSV'}
        </Button>
      ))}
    </Group>
  );
}
