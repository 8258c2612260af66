import { Checkbox, PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import { employeeFormSchema, employeeMessages, namesakeOf, type EmployeeListItem } from '../../../domain/employees.ts';
import { sameName } from '../../../domain/name-key.ts';
import { fullName } from '../../../domain/user.ts';
import { failureMessage } from '../../api/client.ts';
import { userKeys, useCurrentUser } from '../../api/user.ts';
import { MasterForm } from '../../components/MasterForm.tsx';
import { confirmDialog } from '../../components/dialogs.tsx';
import { useState } from 'react';
import { fromRateRows, rateCellOf, rateIssueMessage, RatesTable, type RateCell } from '../../components/RatesTable.tsx';
import { RequiredLabel } from '../../components/RequiredBadge.tsx';
import { useMasterActions } from '../../components/use-master-actions.ts';
import { parseRouteId } from '../../route-paths.ts';
import { NotFoundPage } from '../not-found/index.ts';
import { EmployeeLoginFields } from './EmployeeLoginFields.tsx';
import { emptyEmployee, toFormFields, type EmployeeFormFields } from './employee-form-values.ts';
import { employeeKeys, employeeListQuery, useEmployee } from './employee-queries.ts';

const RATES_LEGEND = '労務単価';

/** 従業員の新規作成 (no id) and 従業員の編集 (with employee_id); an id that is not a number is not found. */
export function EmployeeFormPage() {
  const raw = useParams().employee_id;
  const id = raw === undefined ? undefined : parseRouteId(raw);
  if (id === null) return <NotFoundPage />;
  // Keyed by employee, so that nothing typed for one survives into another.
  return <EmployeeEditor key={raw ?? 'new'} id={id} />;
}

function EmployeeEditor({ id }: { id: number | undefined }) {
  const employee = useEmployee(id);
  const currentUser = useCurrentUser();
  const isSelf = id !== undefined && currentUser.data?.employee_id === id;
  const form = useForm<EmployeeFormFields>({ defaultValues: emptyEmployee, values: employee.data && toFormFields(employee.data) });
  const useLogin = useWatch({ control: form.control, name: 'use_login' });
  const removingPin = useWatch({ control: form.control, name: 'remove_pin' });
  // Editing yourself may change the name in the header, or your own administrator flag.
  const actions = useMasterActions({
    resource: 'employee',
    id,
    invalidate: isSelf ? [employeeKeys.all, userKeys.current] : [employeeKeys.all],
    dirty: form.formState.isDirty,
  });
  const queryClient = useQueryClient();
  const hasPassword = employee.data?.using_login ?? false;
  const [invalidRate, setInvalidRate] = useState<RateCell | null>(null);

  // The same rules as the server, so that the first broken one is told before any call.
  const submit = () => {
    const { password_confirmation: passwordAgain, ...values } = form.getValues();
    const parsed = employeeFormSchema(hasPassword).safeParse({
      id: id ?? null,
      ...values,
      // Typed with the input method, a PIN comes in full-width digits.
      pin: values.pin.normalize('NFKC'),
      rates: fromRateRows(values.rates),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setInvalidRate(rateCellOf(issue.path));
      return actions.setErrorMessage(rateIssueMessage(RATES_LEGEND, issue));
    }
    setInvalidRate(null);
    // A password mistyped once would lock its user out until an administrator sets it again.
    if (values.use_login && values.password !== passwordAgain) return actions.setErrorMessage(employeeMessages.passwordMismatch);
    void saveUnlessNamesake(parsed.data);
  };

  /**
   * A name that reads as another employee's is saved once the administrator says it is another person.
   * Compared with the list as last read (the list the form was opened from), read first when there is none.
   */
  const saveUnlessNamesake = async (input: { last_name: string; first_name: string } & Record<string, unknown>) => {
    const renamed = !employee.data || !sameName(fullName(employee.data), fullName(input));
    if (renamed) {
      let employees: EmployeeListItem[];
      try {
        employees = await queryClient.ensureQueryData(employeeListQuery);
      } catch (error) {
        return actions.setErrorMessage(failureMessage(error));
      }
      const namesake = namesakeOf(employees, { id: id ?? null, ...input });
      if (namesake && !(await confirmDialog(employeeMessages.namesake(namesake.full_name)))) return;
    }
    await actions.save(input);
  };

  return (
    <MasterForm
      resource="employee"
      title={id === undefined ? '従業員の新規作成' : '従業員の編集'}
      mode={id === undefined ? 'create' : 'edit'}
      errorMessage={actions.errorMessage}
      busy={actions.busy}
      loading={employee.isLoading}
      // A refetch that fails once the form is loaded (the employee deleted elsewhere) must not replace what is being edited.
      loadError={employee.isLoadingError ? employee.error : undefined}
      onRetryLoad={() => void employee.refetch()}
      onSubmit={submit}
      // docs/PRODUCT.md#employees: no one deletes themselves; the server refuses it too.
      onDelete={isSelf ? undefined : () => void actions.remove()}
      deleteLabel="この従業員を削除する"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={<RequiredLabel>姓</RequiredLabel>}
          required
          withAsterisk={false}
          autoComplete="off"
          {...form.register('last_name')}
        />
        <TextInput label="名" autoComplete="off" {...form.register('first_name')} />
        <TextInput label="セイ" autoComplete="off" {...form.register('last_phonetic_name')} />
        <TextInput label="メイ" autoComplete="off" {...form.register('first_phonetic_name')} />
      </SimpleGrid>
      <Checkbox label="作業者として表示" description="作業時間管理の作業者の一覧に出します。" {...form.register('show_as_worker')} />
      <PasswordInput
        label="暗証番号"
        description={employee.data?.has_pin ? employeeMessages.pinChangeHint : employeeMessages.pinNewHint}
        inputMode="numeric"
        autoComplete="new-password"
        maw={320}
        disabled={removingPin}
        {...form.register('pin')}
      />
      {/* Someone who should no longer use the tablets leaves their tiles without being deleted. */}
      {employee.data?.has_pin && (
        <Checkbox
          label="暗証番号を削除する"
          description="作業端末の作業者に表示されなくなり、暗証番号ではログインできなくなります。"
          {...form.register('remove_pin', { onChange: () => form.setValue('pin', '') })}
        />
      )}
      <Checkbox label="システムを利用する" {...form.register('use_login')} />
      {useLogin && <EmployeeLoginFields register={form.register} hasPassword={hasPassword} />}
      <Controller
        control={form.control}
        name="rates"
        render={({ field }) => <RatesTable legend={RATES_LEGEND} value={field.value} onChange={field.onChange} invalid={invalidRate} />}
      />
    </MasterForm>
  );
}
