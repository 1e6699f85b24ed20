import { Badge, type BadgeProps } from '@mantine/core';
import type { ApprovalStatus, Priority } from '@wop/shared/constants';
import { useTranslation } from 'react-i18next';

/**
 * Fixed colours for order status, approval and priority (ux.md), each with its text label
 * so that colour is never the only signal. Shades are picked for 4.5:1 text contrast.
 */

interface Look {
  color: string;
  variant: BadgeProps['variant'];
  textColor?: string;
}

const STATUS_LOOK: Record<string, Look> = {
  pending: { color: '#495057', variant: 'filled' },
  planned: { color: '#1971c2', variant: 'filled' },
  confirmed: { color: '#087f5b', variant: 'filled' },
  'revisit-required': { color: '#c2410c', variant: 'filled' },
  completed: { color: '#237032', variant: 'filled' },
};
const OTHER_STATUS: Look = { color: '#5c6f82', variant: 'outline' };

const APPROVAL_LOOK: Record<ApprovalStatus, Look> = {
  pending: { color: '#e6a100', variant: 'outline', textColor: '#7a5200' },
  approved: { color: '#237032', variant: 'filled' },
  rejected: { color: '#c92a2a', variant: 'filled' },
};

const PRIORITY_LOOK: Record<Priority, Look> = {
  10: { color: '#c92a2a', variant: 'filled' },
  20: { color: '#c2410c', variant: 'filled' },
  30: { color: '#4f6275', variant: 'filled' },
};

function LookBadge({ look, label, ...rest }: { look: Look; label: string } & Omit<BadgeProps, 'color' | 'variant'>) {
  return (
    <Badge
      color={look.color}
      variant={look.variant}
      autoContrast
      // A badge keeps its whole label: table columns grow to fit it instead of cutting it off.
      styles={{
        root: {
          maxWidth: 'none',
          overflow: 'visible',
          flexShrink: 0,
          ...(look.textColor ? { color: look.textColor, borderWidth: 2 } : {}),
        },
        label: { overflow: 'visible', textOverflow: 'clip' },
      }}
      style={{ textTransform: 'none', letterSpacing: 0 }}
      {...rest}
    >
      {label}
    </Badge>
  );
}

interface StatusBadgeProps extends Omit<BadgeProps, 'color' | 'variant'> {
  /** Status slug: pending, planned, confirmed, revisit-required, completed or one the super-admin added. */
  status: string;
  /** The server's label (for statuses added later); the built-in ones are translated here. */
  label?: string | null;
}

export function StatusBadge({ status, label, ...rest }: StatusBadgeProps) {
  const { t } = useTranslation();
  const look = STATUS_LOOK[status] ?? OTHER_STATUS;
  const text = STATUS_LOOK[status] ? t(`status.${status}`) : label || status;
  return <LookBadge look={look} label={text} data-status={status} {...rest} />;
}

export function ApprovalBadge({
  status,
  ...rest
}: { status: ApprovalStatus | string } & Omit<BadgeProps, 'color' | 'variant'>) {
  const { t } = useTranslation();
  const look = APPROVAL_LOOK[status as ApprovalStatus] ?? OTHER_STATUS;
  const text = APPROVAL_LOOK[status as ApprovalStatus] ? t(`approval.${status}`) : status;
  return <LookBadge look={look} label={text} data-approval={status} {...rest} />;
}

export function PriorityBadge({
  priority,
  label,
  ...rest
}: { priority: Priority | number; label?: string | null } & Omit<BadgeProps, 'color' | 'variant'>) {
  const { t } = useTranslation();
  const known = PRIORITY_LOOK[priority as Priority];
  const text = known ? t(`priority.${priority}`) : label || String(priority);
  return <LookBadge look={known ?? OTHER_STATUS} label={text} data-priority={priority} {...rest} />;
}
