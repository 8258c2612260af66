import { Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { processingLimits } from '../../../domain/catalog.ts';
import { RequiredLabel } from '../../components/RequiredBadge.tsx';

export interface ProcessingFormValues {
  name: string;
  /** detail_id rather than id: useFieldArray keeps its own row key under id. */
  details: Array<{ detail_id: number | null; name: string; standard_speed: string; standard_setup_minutes: string }>;
  /** The version of the processing the form was filled from, sent back with the save; none on the create form. */
  version?: number;
}

export const emptyDetail = { detail_id: null, name: '', standard_speed: '', standard_setup_minutes: '' };

/**
 * 詳細: one input per detail in display order, each labelled 詳細 1, 詳細 2 … with its own 削除
 * button, and 詳細を追加 below them, which puts the cursor in the new row.
 */
export function DetailFields({ form }: { form: UseFormReturn<ProcessingFormValues> }) {
  const baseId = useId();
  const rows = useFieldArray({ control: form.control, name: 'details' });
  const errors = form.formState.errors.details;
  return (
    <Fieldset
      legend={<RequiredLabel>詳細</RequiredLabel>}
      variant="unstyled"
      // Lined up with the 名前 input above it, and its legend set like that input's label.
      styles={{
        root: { margin: 0, padding: 0 },
        legend: { fontSize: 'var(--mantine-font-size-lg)', fontWeight: 600, marginBottom: 'var(--mantine-spacing-xs)' },
      }}
    >
      <Stack gap="sm">
        {rows.fields.map((row, index) => {
          const label = `詳細 ${index + 1}`;
          const inputId = `${baseId}-${index}`;
          return (
            // On a phone the standards and 削除 go to a line of their own rather than squeeze the name.
            <Group key={row.id} gap="sm">
              <Text component="label" htmlFor={inputId} fw={500} w="5em" style={{ flexShrink: 0 }}>
                {label}
              </Text>
              <TextInput
                id={inputId}
                style={{ flex: '1 1 10em' }}
                autoComplete="off"
                error={Boolean(errors?.[index]?.name)}
                {...form.register(`details.${index}.name`)}
              />
              <TextInput
                w="9em"
                inputMode="numeric"
                autoComplete="off"
                aria-label={`${label} 標準速度（枚/時）`}
                placeholder="標準速度"
                // The unit stays in sight once a figure is typed, where a placeholder goes.
                rightSection={<Unit>枚/時</Unit>}
                rightSectionWidth={52}
                error={Boolean(errors?.[index]?.standard_speed)}
                {...form.register(`details.${index}.standard_speed`)}
              />
              <TextInput
                w="9em"
                inputMode="numeric"
                autoComplete="off"
                aria-label={`${label} 標準段取り時間（分）`}
                placeholder="標準段取り"
                rightSection={<Unit>分</Unit>}
                rightSectionWidth={36}
                error={Boolean(errors?.[index]?.standard_setup_minutes)}
                {...form.register(`details.${index}.standard_setup_minutes`)}
              />
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={20} />}
                aria-label={`${label} を削除`}
                style={{ flexShrink: 0 }}
                onClick={() => rows.remove(index)}
              >
                削除
              </Button>
            </Group>
          );
        })}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={20} />}
            onClick={() => rows.append(emptyDetail)}
            disabled={rows.fields.length >= processingLimits.detailsMax}
          >
            詳細を追加
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

/** A standard's unit inside its input, after the figure. */
function Unit({ children }: { children: string }) {
  return (
    <Text size="sm" c="dimmed" aria-hidden>
      {children}
    </Text>
  );
}
