import { Select, type SelectProps } from '@mantine/core';

interface ChainOption {
  id: number;
  chain_name: string;
}

/** The options of a chain picker, by name. */
export const chainOptions = (chains: readonly ChainOption[] | undefined) =>
  (chains ?? []).map((c) => ({ value: String(c.id), label: c.chain_name }));

/** A required, searchable picker of one of `chains` (the value is the chain's id as text). */
export function ChainSelect({
  chains,
  ...props
}: Omit<SelectProps, 'data'> & { chains: readonly ChainOption[] | undefined }) {
  return <Select withAsterisk searchable data={chainOptions(chains)} {...props} />;
}
