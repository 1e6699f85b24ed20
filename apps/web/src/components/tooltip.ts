// The one module that loads the UI kit's tooltip: Hint.tsx imports it when a hint is first reached.
export { Tooltip } from '@mantine/core';
