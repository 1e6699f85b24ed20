import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The red alert above a form whose submit failed: what failed as its title, then why. */
export function SubmitFailed({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title={title} role="alert">
      {children}
    </Alert>
  );
}
