import { ComboboxChevron, type SelectProps, TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useStandIn } from '../stand-in.ts';

const FilterSelectField = lazy(() => import('./FilterSelectField.tsx').then((m) => ({ default: m.FilterSelectField })));

type FilterSelectProps = Omit<SelectProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string | null) => void;
};

/**
 * A list filter: a searchable select that may be cleared; its value is the URL's text, '' for
 * none (the placeholder then says what the list shows, e.g. "All chains").
 *
 * The select (the UI kit's dropdowns and their positioning library) loads when the filter is first
 * used or has a value: until then a read-only field of the same look stands in (stand-in.ts).
 */
export function FilterSelect({ value, onChange, w = 240, ...props }: FilterSelectProps) {
  const [reached, handlers] = useStandIn();
  const standIn = (
    <TextInput
      readOnly
      role="combobox"
      aria-expanded={false}
      aria-haspopup="listbox"
      w={w}
      label={props.label}
      placeholder={props.placeholder}
      rightSection={<ComboboxChevron />}
      rightSectionPointerEvents="none"
      {...handlers}
    />
  );
  if (!reached && !value) return standIn;
  return (
    <Suspense fallback={standIn}>
      <FilterSelectField
        clearable
        searchable
        w={w}
        value={value || null}
        onChange={(next) => onChange(next)}
        takeOver={reached ?? undefined}
        {...props}
      />
    </Suspense>
  );
}
