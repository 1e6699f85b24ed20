import { DatePickerInput } from '@mantine/dates';

/** The creation-date range of the order filters: two local dates, or none. Loaded after the list shows. */
export function DateRangeFilter({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: [string | null, string | null];
  onChange: (from: string | null, to: string | null) => void;
}) {
  return (
    <DatePickerInput
      type="range"
      clearable
      w={240}
      label={label}
      placeholder={placeholder}
      valueFormat="D MMM YYYY"
      value={value}
      onChange={([start, end]) => onChange(start, end)}
    />
  );
}
