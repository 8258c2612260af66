import { Checkbox, Paper, PasswordInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { UseFormRegister } from 'react-hook-form';
import { employeeMessages } from '../../../domain/employees.ts';
import { RequiredLabel } from '../../components/RequiredBadge.tsx';
import type { EmployeeFormFields } from './employee-form-values.ts';

/**
 * What システムを利用する reveals: mail, user ID, password and, under 権限を選択, 管理者. The password is
 * required while none is stored; otherwise it is entered only to change it.
 */
export function EmployeeLoginFields({ register, hasPassword }: { register: UseFormRegister<EmployeeFormFields>; hasPassword: boolean }) {
  return (
    <Paper withBorder p="md" radius="md" bg="gray.0">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="メールアドレス" type="email" autoComplete="off" {...register('email')} />
        {/* Off and new-password: the browser must not fill in the signed-in administrator's own credentials. */}
        <TextInput
          label={<RequiredLabel>ユーザID</RequiredLabel>}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          {...register('user_name')}
        />
        <PasswordInput
          label={hasPassword ? 'パスワード' : <RequiredLabel>パスワード</RequiredLabel>}
          description={hasPassword ? employeeMessages.passwordChangeHint : employeeMessages.passwordNewHint}
          autoComplete="new-password"
          {...register('password')}
        />
        <PasswordInput
          label="パスワード（確認）"
          description="もう一度入力してください。"
          autoComplete="new-password"
          {...register('password_confirmation')}
        />
        <Stack gap="sm">
          <Title order={2} size="h4">
            権限を選択
          </Title>
          <Checkbox label="管理者" {...register('is_admin')} />
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}
