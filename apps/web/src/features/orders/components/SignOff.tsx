import { Alert, Anchor, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconArrowBackUp, IconCircleCheck, IconLink } from '@tabler/icons-react';
import { CONFIRM_COMMENT_MAX } from '@wop/shared/confirm';
import { COMPLETED_STATUS } from '@wop/shared/constants';
import type { OrderDetail } from '@wop/shared/orders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../../lib/current-user.ts';
import { useDateFormat } from '../../../lib/dates.ts';
import { notifyError, notifySuccess } from '../../../lib/errors.ts';
import { useOnline } from '../../../lib/offline.ts';
import { useConfirmOrder } from '../api/confirm-order.ts';

/**
 * Store sign-off (api-contract "Store sign-off and recalls"): the links between an order and its
 * follow-up, and for the store side of a completed order not yet signed off, "fixed" or "not fixed"
 * with a comment (which opens the follow-up order). `base` is the path of the order list it is under.
 */
export function SignOff({ order, base }: { order: OrderDetail; base: string }) {
  const { t } = useTranslation('orders');
  const format = useDateFormat();
  const canConfirm = useCan('order:confirm');
  const confirm = useConfirmOrder();
  const online = useOnline();
  const [notFixed, setNotFixed] = useState(false);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const open = canConfirm && order.status === COMPLETED_STATUS && !order.confirmed_at && !order.recall;

  const send = (fixed: boolean) => {
    if (!fixed && !comment.trim()) {
      setCommentError(t('signOff.commentRequired'));
      return;
    }
    confirm.mutate(
      { id: order.id, body: fixed ? { fixed } : { fixed, comment } },
      {
        onSuccess: (answer) => {
          notifySuccess(answer);
          setNotFixed(false);
          setComment('');
        },
        onError: (error) => setCommentError(notifyError(error).fieldErrors.comment ?? null),
      },
    );
  };

  return (
    <>
      {order.parent && (
        <Alert
          variant="light"
          color="orange"
          icon={<IconArrowBackUp size={18} aria-hidden />}
          data-testid="order-parent"
        >
          {t('signOff.followUpOf')}{' '}
          <Anchor component={Link} to={`${base}/${order.parent.id}`}>
            {t('orderNumber', { number: order.parent.project_number })}
          </Anchor>
        </Alert>
      )}
      {order.recall && (
        <Alert variant="light" color="orange" icon={<IconLink size={18} aria-hidden />} data-testid="order-recall">
          {t('signOff.recalledBy')}{' '}
          <Anchor component={Link} to={`${base}/${order.recall.id}`}>
            {t('orderNumber', { number: order.recall.project_number })}
          </Anchor>
        </Alert>
      )}
      {order.confirmed_at && !order.recall && (
        <Alert
          variant="light"
          color="teal"
          icon={<IconCircleCheck size={18} aria-hidden />}
          data-testid="order-confirmed"
        >
          {t('signOff.confirmedAt', { date: format.dateTime(order.confirmed_at) })}
        </Alert>
      )}
      {open && (
        <Card withBorder radius="md" data-testid="sign-off">
          <Stack gap="sm">
            <Title order={3} size="h5">
              {t('signOff.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('signOff.text')}
            </Text>
            {notFixed && (
              <Textarea
                label={t('signOff.comment')}
                description={t('signOff.commentHint')}
                value={comment}
                onChange={(event) => {
                  setComment(event.currentTarget.value);
                  setCommentError(null);
                }}
                error={commentError}
                maxLength={CONFIRM_COMMENT_MAX}
                autosize
                minRows={2}
                required
                data-autofocus
              />
            )}
            <Group gap="sm">
              {notFixed ? (
                <>
                  <Button color="red.9" loading={confirm.isPending} onClick={() => send(false)} disabled={!online}>
                    {t('signOff.sendNotFixed')}
                  </Button>
                  <Button variant="default" onClick={() => setNotFixed(false)} disabled={confirm.isPending}>
                    {t('common:actions.cancel')}
                  </Button>
                </>
              ) : (
                <>
                  <Button color="teal.9" loading={confirm.isPending} onClick={() => send(true)} disabled={!online}>
                    {t('signOff.fixed')}
                  </Button>
                  <Button variant="default" onClick={() => setNotFixed(true)} disabled={!online}>
                    {t('signOff.notFixed')}
                  </Button>
                </>
              )}
            </Group>
          </Stack>
        </Card>
      )}
    </>
  );
}
