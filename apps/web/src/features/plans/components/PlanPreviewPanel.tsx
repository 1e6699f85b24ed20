import { Alert, Anchor, Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { PlanPreview } from '@wop/shared/plans';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { orderPath } from '../../../entities/orders.ts';
import { useDateFormat } from '../../../lib/dates.ts';
import { describeError } from '../../../lib/errors.ts';
import { isoWeekday } from './calendar.ts';

/**
 * The next 12 days of each target, as the server will generate them: a day moved off a holiday or a
 * weekend says so, a generated one links to its order, a coming one says when its order is made.
 */
export function PlanPreviewPanel({
  preview,
  loading,
  error,
  incomplete,
}: {
  preview: PlanPreview | undefined;
  loading: boolean;
  error: unknown;
  incomplete: boolean;
}) {
  const { t } = useTranslation('plans');
  const { date } = useDateFormat();
  const headingId = useId();
  const report = error ? describeError(error) : null;

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" id={headingId}>
            {t('preview.title')}
          </Title>
          {loading && <Loader size="xs" role="status" aria-label={t('preview.loading')} />}
        </Group>
        <Text size="sm" c="dimmed">
          {t('preview.hint')}
        </Text>
        {incomplete && <Text size="sm">{t('preview.incomplete')}</Text>}
        {report && !incomplete && (
          <Alert color="red" variant="light" role="alert">
            {report.messages.length > 0 ? report.messages.join(' ') : report.text}
          </Alert>
        )}
        <div aria-live="polite">
          {!incomplete &&
            !report &&
            preview?.targets.map((target) => (
              <Stack key={target.id} gap={4} mb="md">
                <Text fw={600} size="sm">
                  {target.asset_id === null ? target.name : `${target.name} (${target.store_name})`}
                </Text>
                {target.days.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('preview.none')}
                  </Text>
                ) : (
                  <ol style={{ margin: 0, paddingInlineStart: '1.5rem' }} data-testid="preview-days">
                    {target.days.map((d) => {
                      return (
                        <li key={d.day}>
                          <Group gap={6} wrap="wrap">
                            <Text size="sm">
                              {t(`weekdaysShort.${isoWeekday(d.day)}`)} {date(d.day)}
                            </Text>
                            {d.moved && (
                              <Badge size="sm" variant="light" color="#9c3a0b" title={t('preview.movedHint')}>
                                {t('preview.moved')}
                              </Badge>
                            )}
                            {d.status === 'generated' && d.order && (
                              <Anchor component={Link} to={orderPath(d.order.id)} size="sm">
                                {t('preview.order', { number: d.order.project_number })}
                              </Anchor>
                            )}
                            {d.status === 'skipped' && (
                              <Badge size="sm" variant="light" color="#495057">
                                {t('status.skipped')}
                              </Badge>
                            )}
                            {d.status === 'coming' && (
                              <Text size="xs" c="dimmed">
                                {t('preview.generatedOn', { date: date(d.generate_on) })}
                              </Text>
                            )}
                          </Group>
                        </li>
                      );
                    })}
                  </ol>
                )}
              </Stack>
            ))}
        </div>
      </Stack>
    </Card>
  );
}
