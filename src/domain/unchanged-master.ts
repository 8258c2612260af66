import type { ProcessingInput, ProcessingItem } from './catalog.ts';
import type { EmployeeDetail, EmployeeInput } from './employees.ts';
import type { NamedMasterDefinition, NamedMasterInput } from './masters.ts';
import { ratesChanged, type RateItem } from './rates.ts';
import type { StationInput } from './stations.ts';

/*
 * Whether saving a master form over its item as stored would change nothing (docs/PRODUCT.md#master-screens),
 * so that nothing is written: the item keeps its version (a colleague's form open on it can still be
 * saved), no audit entry, no costs worked out again. The input is the payload as its schema read it:
 * names trimmed, absent fields given their defaults. Names and texts count exactly as the save would
 * store them, so a name retyped in another width (「Ａ４」 for 「A4」) is a change, though the duplicate
 * check takes the two for one name. Rates count as a set by their start dates; rates not sent keep the
 * stored ones and so change nothing.
 */

/** A named master as stored: its name, a company's reading, an interruption's 区分, a machine's rates. */
export interface StoredNamedMaster {
  name: string;
  phonetic_name?: string;
  category?: 'planned' | 'unplanned';
  rates?: readonly RateItem[];
}

export function isUnchangedNamedMaster(definition: NamedMasterDefinition, input: NamedMasterInput, stored: StoredNamedMaster): boolean {
  return (
    input.name === stored.name &&
    (!definition.hasPhoneticName || (input.phonetic_name ?? '') === stored.phonetic_name) &&
    (!definition.hasCategory || input.category === stored.category) &&
    (!definition.hasRates || sameRates(input.rates, stored.rates ?? []))
  );
}

/**
 * An employee as stored, as the form reads it (without login, no user ID: ''), and whether a password
 * hash is kept, which the read never tells.
 */
export type StoredEmployee = Omit<EmployeeDetail, 'id' | 'version' | 'using_login'> & { has_password: boolean };

/**
 * Besides the texts and flags as stored: the user ID and 管理者 count as a save keeps them, none
 * without login; a password or a 暗証番号 typed is a change, even the one stored (it is hashed anew, and
 * whoever signed in with the old one signs in again), and left empty keeps the stored one; 暗証番号を削除する
 * changes something only when a PIN is stored; a save that turns login off drops a password kept
 * without it. `is_responsible` not sent keeps the stored one.
 */
export function isUnchangedEmployee(input: EmployeeInput, stored: StoredEmployee): boolean {
  // Without login no password is kept: one stored before goes with the save.
  const passwordKept = input.use_login ? input.password === '' : !stored.has_password;
  return (
    input.last_name === stored.last_name &&
    input.first_name === stored.first_name &&
    input.last_phonetic_name === stored.last_phonetic_name &&
    input.first_phonetic_name === stored.first_phonetic_name &&
    input.email === stored.email &&
    input.show_as_worker === stored.show_as_worker &&
    input.use_login === stored.use_login &&
    (input.use_login ? input.user_name : '') === stored.user_name &&
    (input.use_login && input.is_admin) === stored.is_admin &&
    passwordKept &&
    input.pin === '' &&
    !(input.remove_pin === true && stored.has_pin) &&
    (input.is_responsible === undefined || input.is_responsible === stored.is_responsible) &&
    sameRates(input.rates, stored.rates)
  );
}

/**
 * The form's list of details is the truth in its order: unchanged when it lists the stored active
 * details in their order, each with its name and standards as stored. A detail without an id is new,
 * so always a change; one left out is removed.
 */
export function isUnchangedProcessing(input: ProcessingInput, stored: Pick<ProcessingItem, 'name' | 'details'>): boolean {
  const detailKeys = (details: ProcessingInput['details'] | ProcessingItem['details']) =>
    JSON.stringify(details.map((detail) => [detail.id, detail.name, detail.standard_speed, detail.standard_setup_minutes]));
  return input.name === stored.name && detailKeys(input.details) === detailKeys(stored.details);
}

/** A station (端末): its name, trimmed and then exactly as a named master's, and its machine. */
export function isUnchangedStation(input: StationInput, stored: Pick<StationInput, 'name' | 'machine_id'>): boolean {
  return input.name === stored.name && input.machine_id === stored.machine_id;
}

/** Rates sent (or not: kept as stored) that leave the stored set as it is. */
const sameRates = (sent: readonly RateItem[] | undefined, stored: readonly RateItem[]) => sent === undefined || !ratesChanged(stored, sent);
