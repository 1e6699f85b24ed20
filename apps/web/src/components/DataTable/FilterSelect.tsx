import { Select, type SelectProps } from '@mantine/core';

/**
 * A list filter: a searchable select that may be cleared; its value is the URL's text, '' for
 * none (the placeholder then says what the list shows, e.g. "All chains").
 */
export function FilterSelect({
  value,
  onChange,
  w = 240,
  ...props
}: Omit<SelectProps, 'value' | 'onChange'> & { value: string; onChange: (value: string | null) => void }) {
  return <Select clearable searchable w={w} value={value || null} onChange={(next) => onChange(next)} {...props} />;
}
