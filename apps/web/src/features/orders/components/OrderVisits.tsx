import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@wop/shared/orders';
import type { Visit } from '@wop/shared/visits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapLink } from '../../../components/MapLink.tsx';
import { OnSiteBadge, SiteVisitActions, useDuration } from '../../../components/SiteVisit.tsx';
import { confirmVisit, getOrderVisits, refreshVisits, visitsKey } from '../../../entities/visits.ts';
import { useCan } from '../../../lib/current-user.ts';
import { useDateFormat } from '../../../lib/dates.ts';
import { notifyError, notifySuccess } from '../../../lib/errors.ts';
import { VisitCorrectDialog } from './VisitCorrectDialog.tsx';

function VisitRow({ order, visit, onCorrect }: { order: Order; visit: Visit; onCorrect: () => void }) {
  const { t } = useTranslation('visits');
  const format = useDateFormat();
  const duration = useDuration();
  const canConfirm = useCan('visit:confirm');
  const canCorrect = useCan('visit:correct');
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () => confirmVisit(order.id, visit.id),
    onSuccess: async (answer) => {
      notifySuccess(answer);
      await refreshVisits(queryClient);
    },
    onError: (error) => notifyError(error),
  });
  return (
    <Stack gap={4} component="li" data-testid="visit">
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text fw={600}>
          {format.dateTime(visit.checked_in_at)}
          {' – '}
          {visit.checked_out_at ? format.time(visit.checked_out_at) : t('stillThere')}
        </Text>
        {visit.minutes !== null && <Text size="sm">{duration(visit.minutes)}</Text>}
      </Group>
      <Text size="sm" c="dimmed">
        {[
          visit.technician?.name,
          visit.outcome ? t(`outcome.${visit.outcome}`) : null,
          visit.distance_m !== null ? t('distance', { metres: visit.distance_m }) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      {visit.note && <Text size="sm">{visit.note}</Text>}
      {(visit.flags.length > 0 || visit.lat !== null) && (
        <Group gap={6} wrap="wrap">
          {visit.flags.map((flag) => (
            <Badge key={flag} variant="outline" color={flag === 'off_site' ? 'red.9' : 'gray.8'} tt="none">
              {t(`flag.${flag}`)}
            </Badge>
          ))}
          <MapLink lat={visit.lat} lng={visit.lng} label={t('checkInOnMap')}>
            {t('map')}
          </MapLink>
        </Group>
      )}
      {canCorrect && (
        <Button size="compact-sm" variant="subtle" onClick={onCorrect} style={{ alignSelf: 'flex-start' }}>
          {t('correct')}
        </Button>
      )}
      {visit.confirmed_at ? (
        <Group gap={6}>
          <IconCircleCheck size={16} color="var(--mantine-color-teal-8)" aria-hidden />
          <Text size="sm">
            {t('confirmedBy', { name: visit.confirmed_by?.name ?? '–', time: format.dateTime(visit.confirmed_at) })}
          </Text>
        </Group>
      ) : (
        canConfirm && (
          <Button
            size="sm"
            variant="light"
            color="teal.9"
            loading={confirm.isPending}
            onClick={() => confirm.mutate()}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('confirmArrival')}
          </Button>
        )
      )}
    </Stack>
  );
}

/**
 * The order's site visits: who was there and when, how long in all (overlaps merged), live "on
 * site since", the technician's check-in and check-out, and the store's confirmation of an arrival.
 */
export function OrderVisits({ order }: { order: Order }) {
  const { t } = useTranslation('visits');
  const duration = useDuration();
  const visits = useQuery({
    queryKey: visitsKey(order.id),
    queryFn: ({ signal }) => getOrderVisits(order.id, signal),
  });
  const rows = visits.data?.data ?? [];
  const [correcting, setCorrecting] = useState<Visit | null>(null);
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="order-visits" data-testid="order-visits">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={3} size="h5" id="order-visits">
            {t('title')}
          </Title>
          <OnSiteBadge since={order.on_site_since} />
        </Group>
        {order.time_on_site_minutes > 0 && (
          <Text size="sm" data-testid="time-on-site">
            {t('timeOnSite', { duration: duration(order.time_on_site_minutes) })}
          </Text>
        )}
        <SiteVisitActions order={order} />
        {rows.length === 0 && visits.isSuccess && (
          <Text size="sm" c="dimmed">
            {t('none')}
          </Text>
        )}
        {rows.length > 0 && (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {rows.map((visit) => (
              <VisitRow key={visit.id} order={order} visit={visit} onCorrect={() => setCorrecting(visit)} />
            ))}
          </Stack>
        )}
      </Stack>
      <VisitCorrectDialog visit={correcting} onClose={() => setCorrecting(null)} />
    </Card>
  );
}
