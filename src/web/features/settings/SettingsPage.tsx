import { Button, SimpleGrid, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { BackButton } from '../../components/BackButton.tsx';
import { Page } from '../../components/Page.tsx';
import { pathTo, type RouteName } from '../../route-paths.ts';
import { StaleSettingForm } from './StaleSettingForm.tsx';

const masters: ReadonlyArray<{ route: RouteName; label: string }> = [
  { route: 'employee', label: '従業員' },
  { route: 'interruption', label: '中断内容' },
  { route: 'machine', label: '加工機' },
  { route: 'company', label: '会社' },
  { route: 'paper_size', label: '用紙サイズ' },
  { route: 'processing', label: '加工内容' },
  { route: 'stations', label: '端末' },
  { route: 'call_reason', label: '呼出内容' },
];

/** 各種設定管理: the way to every master list. */
export function SettingsPage() {
  return (
    <Page title="各種設定管理" actions={<BackButton to="home" />}>
      <Stack gap="xl">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {masters.map((master) => (
            <Button key={master.route} component={Link} to={pathTo(master.route)} size="xl" variant="light">
              {master.label}
            </Button>
          ))}
        </SimpleGrid>
        <Title order={2} size="h3">
          作業の確認
        </Title>
        <StaleSettingForm />
      </Stack>
    </Page>
  );
}
