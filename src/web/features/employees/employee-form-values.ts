import type { EmployeeDetail, EmployeeFormValues } from '../../../domain/employees.ts';
import { toRateRows, type RateRow } from '../../components/RatesTable.tsx';

/**
 * What the form holds: every field of the payload but id and is_responsible, none of them missing, the
 * rates as typed, and the version of the employee it was filled from (none on the create form), which
 * a save sends back.
 */
export type EmployeeFormFields = {
  [K in Exclude<keyof EmployeeFormValues, 'id' | 'is_responsible' | 'rates' | 'version'>]-?: NonNullable<EmployeeFormValues[K]>;
} & {
  rates: RateRow[];
  version?: number;
  /** パスワード（確認）: typed again, compared by the form alone and never sent. */
  password_confirmation: string;
};

export const emptyEmployee: EmployeeFormFields = {
  last_name: '',
  first_name: '',
  last_phonetic_name: '',
  first_phonetic_name: '',
  show_as_worker: true,
  use_login: false,
  email: '',
  user_name: '',
  password: '',
  password_confirmation: '',
  is_admin: false,
  pin: '',
  remove_pin: false,
  rates: [],
};

/** The loaded employee as the form shows it; the password and PIN fields start empty, as neither is sent back. */
export function toFormFields(employee: EmployeeDetail): EmployeeFormFields {
  const { id: _id, is_responsible: _responsible, using_login: _using, has_pin: _pin, rates, ...fields } = employee;
  return { ...fields, rates: toRateRows(rates), password: '', password_confirmation: '', pin: '', remove_pin: false };
}
