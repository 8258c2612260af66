import { describe, expect, it } from 'vitest';
import { processingSchema } from './catalog.ts';
import { employeeSchema } from './employees.ts';
import { namedMasters, namedMasterSchema, type NamedMasterDefinition } from './masters.ts';
import { isUnchangedEmployee, isUnchangedNamedMaster, isUnchangedProcessing, type StoredEmployee } from './unchanged-master.ts';

/** A named master's form as the server reads it: trimmed, defaults given. */
const named = (definition: NamedMasterDefinition, sent: Record<string, unknown>) =>
  namedMasterSchema(definition).parse({ id: 1, version: 3, ...sent });

describe('isUnchangedNamedMaster', () => {
  const { machine, company, interruption, paper_size } = namedMasters;
  const rates = [
    { valid_from: '2026-04-01', yen_per_hour: 3000 },
    { valid_from: '2026-10-01', yen_per_hour: 3500 },
  ];
  const cutter = { name: '断裁機 1号', rates };

  it('is the machine sent back as read, its name retyped with spaces around it, its rates in another order or not sent', () => {
    expect(isUnchangedNamedMaster(machine, named(machine, { name: '断裁機 1号', rates }), cutter)).toBe(true);
    expect(isUnchangedNamedMaster(machine, named(machine, { name: '  断裁機 1号　', rates }), cutter)).toBe(true);
    expect(isUnchangedNamedMaster(machine, named(machine, { name: '断裁機 1号', rates: [...rates].reverse() }), cutter)).toBe(true);
    expect(isUnchangedNamedMaster(machine, named(machine, { name: '断裁機 1号' }), cutter)).toBe(true);
  });

  it('is a change for a name written otherwise, though the duplicate check reads it as the same name', () => {
    expect(isUnchangedNamedMaster(machine, named(machine, { name: '断裁機　1号', rates }), cutter)).toBe(false);
    expect(isUnchangedNamedMaster(machine, named(machine, { name: '断裁機1号', rates }), cutter)).toBe(false);
    expect(isUnchangedNamedMaster(paper_size, named(paper_size, { name: 'Ａ４' }), { name: 'A4' })).toBe(false);
  });

  it('is a change for a rate moved, changed, added or taken away, all of them too', () => {
    const machineWith = (sent: typeof rates) => named(machine, { name: '断裁機 1号', rates: sent });
    expect(isUnchangedNamedMaster(machine, machineWith([rates[0]!, { ...rates[1]!, yen_per_hour: 3600 }]), cutter)).toBe(false);
    expect(isUnchangedNamedMaster(machine, machineWith([rates[0]!, { ...rates[1]!, valid_from: '2026-10-02' }]), cutter)).toBe(false);
    expect(isUnchangedNamedMaster(machine, machineWith([rates[0]!]), cutter)).toBe(false);
    expect(isUnchangedNamedMaster(machine, machineWith([...rates, { valid_from: '2027-04-01', yen_per_hour: 3800 }]), cutter)).toBe(false);
    expect(isUnchangedNamedMaster(machine, machineWith([]), cutter)).toBe(false);
  });

  it('counts a company’s reading, trimmed, and no reading as an empty one', () => {
    const stored = { name: '山田印刷', phonetic_name: 'ヤマダインサツ' };
    expect(isUnchangedNamedMaster(company, named(company, { name: '山田印刷', phonetic_name: ' ヤマダインサツ ' }), stored)).toBe(true);
    expect(isUnchangedNamedMaster(company, named(company, { name: '山田印刷', phonetic_name: 'ヤマダ' }), stored)).toBe(false);
    expect(isUnchangedNamedMaster(company, named(company, { name: '佐藤紙工' }), { name: '佐藤紙工', phonetic_name: '' })).toBe(true);
  });

  it('counts an interruption’s 区分, unplanned when not sent', () => {
    const setup = { name: '段取り替え', category: 'planned' as const };
    expect(isUnchangedNamedMaster(interruption, named(interruption, { name: '段取り替え', category: 'planned' }), setup)).toBe(true);
    expect(isUnchangedNamedMaster(interruption, named(interruption, { name: '段取り替え', category: 'unplanned' }), setup)).toBe(false);
    expect(isUnchangedNamedMaster(interruption, named(interruption, { name: '段取り替え' }), setup)).toBe(false);
    expect(isUnchangedNamedMaster(interruption, named(interruption, { name: '紙待ち' }), { name: '紙待ち', category: 'unplanned' })).toBe(
      true,
    );
  });
});

describe('isUnchangedEmployee', () => {
  /** 佐藤 一郎 as stored: an administrator who signs in, with a PIN and a rate. */
  const sato: StoredEmployee = {
    last_name: '佐藤',
    first_name: '一郎',
    last_phonetic_name: 'サトウ',
    first_phonetic_name: 'イチロウ',
    email: 'sato@example.jp',
    user_name: 'Sato',
    is_admin: true,
    is_responsible: false,
    show_as_worker: true,
    use_login: true,
    has_password: true,
    has_pin: true,
    rates: [{ valid_from: '2026-04-01', yen_per_hour: 1800 }],
  };
  /** The form as it reads 佐藤, sent back: what the read shows of him, the password and the PIN left empty. */
  const { has_password: _, has_pin: __, is_responsible: ___, ...shown } = sato;
  const form = { id: 9, ...shown, password: '', pin: '', version: 4 };
  const sent = (change: Record<string, unknown> = {}) => employeeSchema.parse({ ...form, ...change });

  it('is the form sent back as read: empty password and PIN keep the stored ones, texts trimmed, is_responsible and rates not sent kept', () => {
    expect(isUnchangedEmployee(sent(), sato)).toBe(true);
    expect(isUnchangedEmployee(sent({ last_name: ' 佐藤 ', email: ' sato@example.jp' }), sato)).toBe(true);
    expect(isUnchangedEmployee(sent({ rates: undefined, is_responsible: false }), sato)).toBe(true);
  });

  it('is a change for a password or a PIN typed, even the stored one, and for a PIN taken away', () => {
    expect(isUnchangedEmployee(sent({ password: 'sato-pass' }), sato)).toBe(false);
    expect(isUnchangedEmployee(sent({ pin: '1234' }), sato)).toBe(false);
    expect(isUnchangedEmployee(sent({ remove_pin: true }), sato)).toBe(false);
  });

  it('is no change to take away a PIN that is not there', () => {
    expect(isUnchangedEmployee(sent({ remove_pin: true }), { ...sato, has_pin: false })).toBe(true);
  });

  it('is a change for any text or flag, the user ID in another letter case among them', () => {
    for (const change of [
      { first_name: '一朗' },
      { first_phonetic_name: 'イチロー' },
      { email: '' },
      { user_name: 'sato' },
      { is_admin: false },
      { show_as_worker: false },
      { is_responsible: true },
      { rates: [] },
      { rates: [{ valid_from: '2026-04-01', yen_per_hour: 1900 }] },
    ]) {
      expect(isUnchangedEmployee(sent(change), sato), JSON.stringify(change)).toBe(false);
    }
  });

  it('counts no user ID, password or 管理者 without login, whatever the hidden fields hold', () => {
    const worker: StoredEmployee = { ...sato, user_name: '', is_admin: false, use_login: false, has_password: false };
    expect(isUnchangedEmployee(sent({ use_login: false, user_name: 'Sato', is_admin: true, password: 'typed' }), worker)).toBe(true);
    expect(isUnchangedEmployee(sent({ use_login: false }), sato)).toBe(false);
    // Kept from before login was turned off this way: the save drops the password.
    expect(isUnchangedEmployee(sent({ use_login: false }), { ...worker, has_password: true })).toBe(false);
    expect(isUnchangedEmployee(sent(), { ...worker, user_name: 'Sato', is_admin: true })).toBe(false);
  });
});

describe('isUnchangedProcessing', () => {
  const stored = {
    name: '折り',
    details: [
      { id: 11, name: '2つ折り', standard_speed: 6000, standard_setup_minutes: 20 },
      { id: 12, name: '3つ折り', standard_speed: null, standard_setup_minutes: null },
    ],
  };
  const sent = (change: Record<string, unknown> = {}) => processingSchema.parse({ ...stored, version: 2, ...change });

  it('is the processing sent back as read, names retyped with spaces around them, standards not sent being none', () => {
    expect(isUnchangedProcessing(sent(), stored)).toBe(true);
    const retyped = [
      { ...stored.details[0], name: ' 2つ折り ' },
      { id: 12, name: '3つ折り' },
    ];
    expect(isUnchangedProcessing(sent({ name: '折り　', details: retyped }), stored)).toBe(true);
  });

  it('is a change for a detail renamed, moved, added, left out, or its standard changed', () => {
    const [half, third] = stored.details;
    for (const details of [
      [{ ...half, name: '２つ折り' }, third],
      [third, half],
      [half, third, { id: null, name: '4つ折り' }],
      [half],
      [half, { ...third, standard_speed: 5000 }],
      [{ ...half, standard_setup_minutes: null }, third],
    ]) {
      expect(isUnchangedProcessing(sent({ details }), stored), JSON.stringify(details)).toBe(false);
    }
    expect(isUnchangedProcessing(sent({ name: '折' }), stored)).toBe(false);
  });
});
