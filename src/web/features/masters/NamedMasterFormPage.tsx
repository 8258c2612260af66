import { NativeSelect, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { stopCategoryNames } from '../../../domain/analytics.ts';
import { namedMasterSchema } from '../../../domain/masters.ts';
import { MasterForm } from '../../components/MasterForm.tsx';
import { useState } from 'react';
import {
  fromRateRows,
  rateCellOf,
  rateIssueMessage,
  RatesTable,
  toRateRows,
  type RateCell,
  type RateRow,
} from '../../components/RatesTable.tsx';
import { RequiredLabel } from '../../components/RequiredBadge.tsx';
import { useMasterActions } from '../../components/use-master-actions.ts';
import { parseRouteId } from '../../route-paths.ts';
import { NotFoundPage } from '../not-found/index.ts';
import { namedMasterKeys, useNamedMasterItem } from './named-master-queries.ts';
import { namedMasterPaths, type NamedMasterScreen } from './named-master-screens.ts';

/** The rates of the one master that has them, the machines. */
const RATES_LEGEND = '時間チャージ';

/**
 * The create (no id) and edit (with id) screen of a named master. An id that is not a number is not
 * a record anyone can have linked to, so it gets the not-found screen rather than a failed load.
 */
export function NamedMasterFormPage({ screen }: { screen: NamedMasterScreen }) {
  const raw = useParams()[namedMasterPaths(screen.definition).idParam];
  const id = raw === undefined ? undefined : parseRouteId(raw);
  if (id === null) return <NotFoundPage />;
  // Keyed by record, so that nothing typed or shown for one item survives into another.
  return <NamedMasterEditor key={`${screen.definition.resource}:${id ?? 'new'}`} screen={screen} id={id} />;
}

interface FormValues {
  name: string;
  phonetic_name: string;
  category: 'planned' | 'unplanned';
  rates: RateRow[];
  /** The version of the item the form was filled from, sent back with the save; none on the create form. */
  version?: number;
}

const categoryOptions = [
  { value: 'unplanned', label: stopCategoryNames.unplanned },
  { value: 'planned', label: stopCategoryNames.planned },
];

function NamedMasterEditor({ screen, id }: { screen: NamedMasterScreen; id: number | undefined }) {
  const { definition } = screen;
  const item = useNamedMasterItem(definition, id);
  const loaded = item.data && {
    name: item.data.name,
    phonetic_name: item.data.phonetic_name ?? '',
    category: item.data.category ?? 'unplanned',
    rates: toRateRows(item.data.rates ?? []),
    version: item.data.version,
  };
  const form = useForm<FormValues>({ defaultValues: { name: '', phonetic_name: '', category: 'unplanned', rates: [] }, values: loaded });
  const actions = useMasterActions({
    resource: definition.resource,
    id,
    invalidate: [namedMasterKeys(definition.resource).all],
    dirty: form.formState.isDirty,
  });

  const [invalidRate, setInvalidRate] = useState<RateCell | null>(null);

  const submit = () => {
    const { name, phonetic_name, category, rates, version } = form.getValues();
    const parsed = namedMasterSchema(definition).safeParse({
      id: id ?? null,
      name,
      ...(definition.hasPhoneticName ? { phonetic_name } : {}),
      ...(definition.hasCategory ? { category } : {}),
      ...(definition.hasRates ? { rates: fromRateRows(rates) } : {}),
      version,
    });
    setInvalidRate(parsed.success ? null : rateCellOf(parsed.error.issues[0]!.path));
    if (parsed.success) return void actions.save(parsed.data);
    const [issue] = parsed.error.issues;
    actions.setErrorMessage(rateIssueMessage(RATES_LEGEND, issue!));
    // The cursor goes where the message points, so the keyboard is up for the correction.
    form.setFocus(issue!.path[0] as keyof FormValues);
  };
  const deletable = id !== undefined && (screen.canDelete?.(id) ?? true);

  return (
    <MasterForm
      resource={definition.resource}
      title={id === undefined ? screen.createTitle : screen.editTitle}
      mode={id === undefined ? 'create' : 'edit'}
      errorMessage={actions.errorMessage}
      busy={actions.busy}
      loading={item.isLoading}
      // A refetch that fails once the form is loaded (the item deleted elsewhere) must not replace what is being edited.
      loadError={item.isLoadingError ? item.error : undefined}
      onRetryLoad={() => void item.refetch()}
      onSubmit={submit}
      onDelete={deletable ? () => void actions.remove() : undefined}
      deleteLabel={screen.deleteLabel}
    >
      <TextInput
        label={<RequiredLabel>{definition.nameLabel}</RequiredLabel>}
        required
        withAsterisk={false}
        autoComplete="off"
        {...form.register('name')}
      />
      {definition.hasPhoneticName && <TextInput label="フリガナ" autoComplete="off" {...form.register('phonetic_name')} />}
      {definition.hasCategory && <NativeSelect label="区分" data={categoryOptions} {...form.register('category')} />}
      {definition.hasRates && (
        <Controller
          control={form.control}
          name="rates"
          render={({ field }) => <RatesTable legend={RATES_LEGEND} value={field.value} onChange={field.onChange} invalid={invalidRate} />}
        />
      )}
    </MasterForm>
  );
}
