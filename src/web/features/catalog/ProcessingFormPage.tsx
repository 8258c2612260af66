import { TextInput } from '@mantine/core';
import { useForm, type FieldPath } from 'react-hook-form';
import { useParams } from 'react-router';
import { duplicateDetail, processingSchema } from '../../../domain/catalog.ts';
import { MasterForm } from '../../components/MasterForm.tsx';
import { RequiredLabel } from '../../components/RequiredBadge.tsx';
import { useMasterActions } from '../../components/use-master-actions.ts';
import { parseRouteId } from '../../route-paths.ts';
import { NotFoundPage } from '../not-found/index.ts';
import { numberText, textNumber } from './standard-text.ts';
import { DetailFields, emptyDetail, type ProcessingFormValues } from './DetailFields.tsx';
import { processingSaveInvalidates, useProcessing } from './processing-queries.ts';

/** 加工内容の新規作成 (no id) and 加工内容の編集 (with id). */
export function ProcessingFormPage() {
  const raw = useParams().processing_id;
  const id = raw === undefined ? undefined : parseRouteId(raw);
  if (id === null) return <NotFoundPage />;
  // Keyed by record, so that nothing typed for one processing survives into another or into a new one.
  return <ProcessingEditor key={raw ?? 'new'} id={id} />;
}

function ProcessingEditor({ id }: { id: number | undefined }) {
  const item = useProcessing(id);
  const loaded = item.data && {
    name: item.data.name,
    details: item.data.details.map((detail) => ({
      detail_id: detail.id,
      name: detail.name,
      standard_speed: numberText(detail.standard_speed),
      standard_setup_minutes: numberText(detail.standard_setup_minutes),
    })),
    version: item.data.version,
  };
  // A new processing starts with one empty detail, since it needs at least one.
  const form = useForm<ProcessingFormValues>({
    defaultValues: { name: '', details: id === undefined ? [emptyDetail] : [] },
    values: loaded,
  });
  const actions = useMasterActions({ resource: 'processing', id, invalidate: processingSaveInvalidates, dirty: form.formState.isDirty });

  const submit = () => {
    form.clearErrors();
    const { name, details, version } = form.getValues();
    const parsed = processingSchema.safeParse({
      name,
      details: details.map((detail) => ({
        id: detail.detail_id,
        name: detail.name,
        standard_speed: textNumber(detail.standard_speed),
        standard_setup_minutes: textNumber(detail.standard_setup_minutes),
      })),
      version,
    });
    if (!parsed.success) return showIssue(parsed.error.issues[0]!);
    // Twins among the details, judged against the names the form read, as the server judges them against its own.
    const duplicate = duplicateDetail(parsed.data.details, new Map(item.data?.details.map((detail) => [detail.id, detail.name])));
    if (duplicate) return showIssue({ path: ['details', duplicate.index, 'name'], message: duplicate.message });
    void actions.save(parsed.data);
  };
  const showIssue = (issue: { path: readonly PropertyKey[]; message: string }) => {
    // Besides the message, the input it is about turns red and takes the cursor: with many details, the message alone does not say which.
    const field = fieldOf(issue.path);
    if (field) form.setError(field, { message: issue.message }, { shouldFocus: true });
    actions.setErrorMessage(issue.message);
  };

  return (
    <MasterForm
      resource="processing"
      title={id === undefined ? '加工内容の新規作成' : '加工内容の編集'}
      mode={id === undefined ? 'create' : 'edit'}
      errorMessage={actions.errorMessage}
      busy={actions.busy}
      loading={item.isLoading}
      // A refetch that fails once the form is loaded (the processing deleted elsewhere) must not replace what is being edited.
      loadError={item.isLoadingError ? item.error : undefined}
      onRetryLoad={() => void item.refetch()}
      onSubmit={submit}
      onDelete={id === undefined ? undefined : () => void actions.remove()}
      deleteLabel="この加工内容を削除する"
    >
      <TextInput
        label={<RequiredLabel>名前</RequiredLabel>}
        required
        withAsterisk={false}
        autoComplete="off"
        error={Boolean(form.formState.errors.name)}
        {...form.register('name')}
      />
      <DetailFields form={form} />
    </MasterForm>
  );
}

/** The input a schema issue is about: the name, or the name of one detail. */
function fieldOf(path: readonly PropertyKey[]): FieldPath<ProcessingFormValues> | undefined {
  if (path.length === 1 && path[0] === 'name') return 'name';
  if (path[0] === 'details' && typeof path[1] === 'number' && path[2] === 'name') return `details.${path[1]}.name`;
  if (path[0] === 'details' && typeof path[1] === 'number' && (path[2] === 'standard_speed' || path[2] === 'standard_setup_minutes')) {
    return `details.${path[1]}.${path[2]}`;
  }
  return undefined;
}
