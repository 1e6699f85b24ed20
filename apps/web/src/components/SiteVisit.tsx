import { Badge, Button, Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconClockHour4, IconCloudUp, IconLogin2, IconLogout2, IconMapPin } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { COMPLETED_STATUS, VISIT_NOTE_MAX, type VisitOutcome } from '@wop/shared/constants';
import type { Order } from '@wop/shared/orders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OUTCOMES, refreshVisits, sendVisit, useQueuedVisits, type VisitAction } from '../entities/visits.ts';
import { useCan, useCurrentUser } from '../lib/current-user.ts';
import { useDateFormat } from '../lib/dates.ts';
import { notifyError, notifySuccess } from '../lib/errors.ts';
import { currentPosition } from '../lib/position.ts';

/** Minutes as "2 h 05 min" (or "35 min"). */
export function useDuration() {
  const { t } = useTranslation('visits');
  return (minutes: number) =>
    minutes >= 60
      ? t('hoursMinutes', { hours: Math.floor(minutes / 60), minutes: String(minutes % 60).padStart(2, '0') })
      : t('minutes', { minutes });
}

/** "On site since 10:42" while a technician is checked in on the order; nothing otherwise. */
export function OnSiteBadge({ since }: { since: string | null }) {
  const { t } = useTranslation('visits');
  const format = useDateFormat();
  if (!since) return null;
  return (
    <Badge color="#0b7050" variant="light" tt="none" leftSection={<IconMapPin size={12} aria-hidden />}>
      {t('onSiteSince', { time: format.time(since) })}
    </Badge>
  );
}

/**
 * Check-in and check-out for the order's technician, one tap each (check-out then asks for the
 * outcome), with the phone's position when the technician allows it. Without network they are
 * kept on the phone and sent when it returns (entities/visits.ts); until then the order shows them
 * as waiting.
 */
export function SiteVisitActions({ order }: { order: Order }) {
  const { t } = useTranslation('visits');
  const user = useCurrentUser();
  const canCheckIn = useCan('visit:check-in');
  const queryClient = useQueryClient();
  const queued = useQueuedVisits(user.id).filter((q) => q.orderId === order.id);
  const [busy, setBusy] = useState<'locating' | 'sending' | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [note, setNote] = useState('');
  const format = useDateFormat();

  if (!canCheckIn || order.technician_id !== user.id) return null;
  const last = queued.at(-1);
  const checkedIn = last ? last.kind === 'check-in' : order.on_site_since !== null;
  const since = last?.kind === 'check-in' ? last.at : order.on_site_since;
  if (!checkedIn && order.status === COMPLETED_STATUS) return null;

  const send = async (action: VisitAction) => {
    setBusy('sending');
    try {
      const result = await sendVisit(user.id, action);
      if ('kept' in result) notifySuccess(t('kept'));
      else notifySuccess(result.sent);
      setChoosing(false);
      setNote('');
      await refreshVisits(queryClient);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };

  const checkIn = async () => {
    setBusy('locating');
    const position = await currentPosition();
    await send({ kind: 'check-in', orderId: order.id, body: position ?? {} });
  };

  const checkOut = (outcome: VisitOutcome) =>
    send({ kind: 'check-out', orderId: order.id, body: { outcome, note: note.trim() || undefined } });

  return (
    <Stack gap="xs" data-testid="site-visit">
      {queued.length > 0 && (
        <Group gap={6}>
          <IconCloudUp size={18} aria-hidden />
          <Text size="sm" role="status">
            {t('waiting', { count: queued.length })}
          </Text>
        </Group>
      )}
      {checkedIn && since && (
        <Group gap={6}>
          <IconClockHour4 size={18} aria-hidden />
          <Text size="sm" fw={600}>
            {t('youOnSiteSince', { time: format.time(since) })}
          </Text>
        </Group>
      )}
      {!checkedIn && (
        <Button
          size="md"
          fullWidth
          color="teal.9"
          leftSection={<IconLogin2 size={20} aria-hidden />}
          loading={busy !== null}
          loaderProps={{ 'aria-label': t(busy === 'locating' ? 'locating' : 'sending') }}
          onClick={() => void checkIn()}
        >
          {t('checkIn')}
        </Button>
      )}
      {checkedIn && !choosing && (
        <Button
          size="md"
          fullWidth
          color="red.9"
          leftSection={<IconLogout2 size={20} aria-hidden />}
          onClick={() => setChoosing(true)}
        >
          {t('checkOut')}
        </Button>
      )}
      {checkedIn && choosing && (
        <Stack gap="xs" role="group" aria-labelledby={`outcome-${order.id}`}>
          <Text fw={600} id={`outcome-${order.id}`}>
            {t('outcomeQuestion')}
          </Text>
          <SimpleGrid cols={2} spacing="xs">
            {OUTCOMES.map((outcome) => (
              <Button
                key={outcome}
                size="md"
                variant={outcome === 'done' ? 'filled' : 'light'}
                loading={busy !== null}
                onClick={() => void checkOut(outcome)}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
                h="auto"
                mih={44}
              >
                {t(`outcome.${outcome}`)}
              </Button>
            ))}
          </SimpleGrid>
          <Textarea
            label={t('note')}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            maxLength={VISIT_NOTE_MAX}
            autosize
            minRows={1}
          />
          <Button variant="default" onClick={() => setChoosing(false)} disabled={busy !== null}>
            {t('common:actions.cancel')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
