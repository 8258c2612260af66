import { Button, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentUser } from '../../api/user.ts';
import { Page } from '../../components/Page.tsx';
import { pathTo } from '../../route-paths.ts';

/** メニュー (docs/PRODUCT.md#menu): 作業時間管理, 現場モニター and ラベル印刷 for everyone, 分析 and 設定管理 for administrators. */
export function MenuPage() {
  const user = useCurrentUser();
  return (
    <Page title="メニュー" size="sm">
      <Stack>
        <Button component={Link} to={pathTo('product_cost')} size="xl">
          作業時間管理
        </Button>
        <Button component={Link} to={pathTo('board')} size="xl" variant="light" color="teal">
          現場モニター
        </Button>
        <Button component={Link} to={pathTo('product_cost.label')} size="xl" variant="light" color="gray">
          ラベル印刷
        </Button>
        {user.data?.is_admin && (
          <Button component={Link} to={pathTo('analytics')} size="xl" variant="light" color="grape">
            分析
          </Button>
        )}
        {user.data?.is_admin && (
          <Button component={Link} to={pathTo('setting')} size="xl" variant="light">
            設定管理
          </Button>
        )}
      </Stack>
    </Page>
  );
}
