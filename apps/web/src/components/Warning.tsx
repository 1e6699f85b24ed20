import { Alert, type AlertProps } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ComponentPropsWithoutRef } from 'react';

/** The app's warning: a light yellow alert with a warning sign, unless it is given another icon. */
export function Warning({
  icon = <IconAlertTriangle size={18} aria-hidden />,
  ...props
}: AlertProps & Omit<ComponentPropsWithoutRef<'div'>, keyof AlertProps>) {
  return <Alert color="yellow" variant="light" icon={icon} {...props} />;
}
