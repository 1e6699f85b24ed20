import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  type ButtonProps,
  Card,
  Group,
  Menu,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconDotsVertical,
  IconDownload,
  IconEdit,
  IconFileText,
  IconFileTypePdf,
  IconPaperclip,
  IconPlus,
  IconTrash,
  IconUpload,
  type TablerIcon,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type OrderDetail, usesCompletedAt, usesPlannedAt } from '@wop/shared/orders';
import type { PhoneIn } from '@wop/shared/phonein';
import { hasRoute } from '@wop/shared/roles';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApprovalBadge, PriorityBadge, StatusBadge } from '../../../components/badges.tsx';
import { ConfirmDelete } from '../../../components/ConfirmDelete.tsx';
import { Hint } from '../../../components/Hint.tsx';
import { MapLink } from '../../../components/MapLink.tsx';
import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { planPath } from '../../../entities/plans.ts';
import { isApiError } from '../../../lib/api.ts';
import { useCan, useRole } from '../../../lib/current-user.ts';
import { useDateFormat } from '../../../lib/dates.ts';
import { notifyError, notifySuccess } from '../../../lib/errors.ts';
import { useOnline } from '../../../lib/offline.ts';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { openDocument, openOrderPdf, orderQueryOptions, useDeleteOrder } from '../api/orders.ts';
import { Confirmation, PhoneItIn } from '../components/Confirmation.tsx';
import { DueTime } from '../components/DueTime.tsx';
// The chat feature's public components: the panel beside the detail and the messages button.
import { MessagesButton } from '../components/MessagesButton.tsx';
import { OrderAsset } from '../components/OrderAsset.tsx';
import { OrderChatLayout, useChatPanelOpen } from '../components/OrderChatLayout.tsx';
import { OrderCosts } from '../components/OrderCosts.tsx';
import { OrderEditDialog } from '../components/OrderEditDialog.tsx';
import { OrderHistory } from '../components/OrderHistory.tsx';
import { OrderQuickActions } from '../components/OrderQuickActions.tsx';
import { OrderVisits } from '../components/OrderVisits.tsx';
import { isPhoto, PhotoThumb } from '../components/PhotoThumb.tsx';
import { RepeatBadge } from '../components/RepeatBadge.tsx';
import { SignOff } from '../components/SignOff.tsx';
import { UploadDialog } from '../components/UploadDialog.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <div style={{ fontSize: 'var(--mantine-font-size-sm)' }}>{children}</div>
    </Stack>
  );
}

/** One of the order's own actions: a light button with its icon, unavailable without a connection. */
function ActionButton({ icon: Icon, ...props }: ButtonProps & { icon: TablerIcon; onClick: () => void }) {
  const online = useOnline();
  return <Button variant="light" leftSection={<Icon size={16} aria-hidden />} disabled={!online} {...props} />;
}

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** /orders/{id} and /chains/{id}/orders/{id}: summary, files, PDF, upload, edit, history and the chat. */
export function OrderDetailPage() {
  const id = Number(useParams().orderId);
  // Another order is another page: nothing opened on one stays open on the next.
  return <OrderScreen key={id} id={id} editing={false} />;
}

/** /chains/{id}/orders/{id}/update: the order with its edit dialog open; closing it goes to the order. */
export function OrderUpdatePage() {
  const id = Number(useParams().orderId);
  return <OrderScreen key={id} id={id} editing />;
}

function OrderScreen({ id, editing }: { id: number; editing: boolean }) {
  const { t, i18n } = useTranslation('orders');
  const order = useQuery({ ...orderQueryOptions(id), meta: { silent: true } });
  const location = useLocation();
  const navigate = useNavigate();
  const createdState = location.state as { created?: boolean; phoneIn?: PhoneIn | null } | null;
  const created = createdState?.created === true;
  const [edit, setEdit] = useState(editing);
  const [upload, setUpload] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [chatOpen, toggleChat, setChatOpen] = useChatPanelOpen();
  const canEdit = useCan('order:update');
  const canDelete = useCan('order:delete');
  const remove = useDeleteOrder();
  const canCreateHere = useCan('order:create-from-detail');
  const format = useDateFormat();
  const online = useOnline();
  const role = useRole();
  // Without a connection, an order never opened on this device is not missing: it is not here yet. An
  // order on screen whose refresh failed (offline, after a check-out kept for later) stays on screen.
  const answered =
    order.isError && !order.data
      ? isApiError(order.error) && order.error.status === null
        ? 'notOffline'
        : 'notFound'
      : null;
  // A query without data starts over as pending, its error forgotten, each time it is asked again (any order's
  // event, the connection back): the page that said so keeps saying it until the new answer, not a skeleton.
  const [said, setSaid] = useState<typeof answered>(answered);
  if (!order.isPending && said !== answered) setSaid(answered);
  const missing = order.isPending ? said : answered;
  usePageHeader(
    order.data
      ? t('orderNumber', { number: order.data.project_number })
      : missing
        ? t(`common:${missing}.short`)
        : t('detailTitle'),
    null,
  );

  if (order.isPending && !missing) return <Skeleton h={320} radius="md" />;
  if (missing || !order.data) return <NotFoundPage kind={missing ?? 'notFound'} />;
  const o: OrderDetail = order.data;
  // Photos show as pictures; other files (documents) by their name and icon.
  const photos = o.documents.filter(isPhoto);
  const files = o.documents.filter((doc) => !isPhoto(doc));
  const base = location.pathname.replace(/\/\d+(\/update)?\/?$/, '');

  const summary = (
    <Stack gap="md">
      {created && (
        <Confirmation
          projectNumber={o.project_number}
          phoneIn={createdState?.phoneIn}
          onClose={() => navigate(location.pathname, { replace: true, state: null })}
        />
      )}
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {t('orderNumber', { number: o.project_number })}
          </Title>
          <Group gap={6}>
            <StatusBadge status={o.status} label={o.status_label} />
            <ApprovalBadge status={o.approval_status} />
            <PriorityBadge priority={o.priority} label={o.priority_label} />
            {o.repeat_of && <RepeatBadge repeatOf={o.repeat_of} base={base} />}
          </Group>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <OrderQuickActions order={o} disabled={!online} />
          {/* On a phone these three live in the sticky bar at the bottom instead. */}
          <Box visibleFrom="sm">
            <MessagesButton orderId={o.id} opened={chatOpen} onClick={toggleChat} />
          </Box>
          {canEdit && (
            <ActionButton visibleFrom="sm" icon={IconEdit} onClick={() => setEdit(true)}>
              {t('common:actions.edit')}
            </ActionButton>
          )}
          <ActionButton icon={IconFileTypePdf} onClick={() => openOrderPdf(o.id, i18n.language).catch(notifyError)}>
            {t('pdf')}
          </ActionButton>
          <ActionButton visibleFrom="sm" icon={IconUpload} onClick={() => setUpload(true)}>
            {t('upload.button')}
          </ActionButton>
          {canDelete && (
            <ActionButton visibleFrom="sm" color="red" icon={IconTrash} onClick={() => setDeleting(true)}>
              {t('common:actions.delete')}
            </ActionButton>
          )}
          {canCreateHere && (
            <Button
              component={Link}
              to={`${base}/create`}
              leftSection={<IconPlus size={16} aria-hidden />}
              disabled={!online}
            >
              {t('create')}
            </Button>
          )}
          {/* On a phone, Delete is kept out of the row used on the job: it sits in a menu of its own. */}
          {canDelete && (
            <Box hiddenFrom="sm">
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon
                    variant="light"
                    size="lg"
                    aria-label={t('moreActions', { number: o.project_number })}
                    disabled={!online}
                  >
                    <IconDotsVertical size={18} aria-hidden />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() => setDeleting(true)}
                  >
                    {t('common:actions.delete')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Box>
          )}
        </Group>
      </Group>
      {!online && (
        <Text size="sm" c="dimmed" data-testid="offline-read-only">
          {t('common:offline.readOnly')}
        </Text>
      )}

      {/* Phoning in is the orderer's part: the technician it would reach is not told to call. */}
      {o.phone_in && !created && role !== 'technician' && <PhoneItIn phoneIn={o.phone_in} />}
      <SignOff order={o} base={base} />
      <OrderVisits order={o} />

      <Card withBorder radius="md">
        <Stack gap="md">
          <Field label={t('fields.description')}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {o.description}
            </Text>
          </Field>
          {o.resolution && (
            <Field label={t('fields.resolution')}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {o.resolution}
              </Text>
            </Field>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            <Field label={t('fields.store')}>
              <div>{o.store.store_name}</div>
              <MapLink lat={o.store.lat} lng={o.store.lng}>
                {t('visits:storeOnMap')}
              </MapLink>
              <Text size="xs" c="dimmed">
                {o.store.invoice_address}
              </Text>
              <a href={`tel:${o.store.phone}`}>{o.store.phone}</a>
            </Field>
            <Field label={t('fields.chain')}>
              {o.chain.chain_name}
              {o.region && (
                <Text size="xs" c="dimmed">
                  {o.region.region_name}
                </Text>
              )}
            </Field>
            <Field label={t('fields.orderer')}>{o.orderer?.name ?? '–'}</Field>
            <Field label={t('fields.worktype')}>{o.worktype_label}</Field>
            {o.asset && (
              <Field label={t('fields.asset')}>
                <OrderAsset asset={o.asset} />
              </Field>
            )}
            {o.plan && (
              <Field label={t('fields.plan')}>
                {hasRoute(role, 'plan-detail') ? (
                  <Anchor component={Link} to={planPath(o.plan.id)} size="sm">
                    {o.plan.title}
                  </Anchor>
                ) : (
                  o.plan.title
                )}
              </Field>
            )}
            <Field label={t('fields.technician')}>{o.technician_name ?? t('noTechnician')}</Field>
            <Field label={t('fields.approval_status')}>
              <ApprovalBadge status={o.approval_status} />
              {o.approval_status_date && (
                <Text size="xs" c="dimmed">
                  {format.dateTime(o.approval_status_date)}
                </Text>
              )}
            </Field>
            <Field label={t('fields.created_at')}>{format.dateTime(o.created_at)}</Field>
            <Field label={t('fields.due_at')}>
              <DueTime dueAt={o.due_at} overdue={o.overdue} />
            </Field>
            {usesPlannedAt(o.status) && (
              <Field label={t('fields.planned_at')}>{o.planned_at ? format.dateTime(o.planned_at) : '–'}</Field>
            )}
            {usesCompletedAt(o.status) && (
              <Field label={t('fields.completed_at')}>{o.completed_at ? format.dateTime(o.completed_at) : '–'}</Field>
            )}
          </SimpleGrid>
        </Stack>
      </Card>

      <OrderCosts orderId={o.id} />

      <Card withBorder radius="md">
        <Title order={3} size="h5" mb="sm">
          <Group gap={6}>
            <IconPaperclip size={18} aria-hidden />
            {t('files.title')}
          </Group>
        </Title>
        {o.documents.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('files.none')}
          </Text>
        ) : (
          <Stack gap="sm" data-testid="order-files">
            {photos.length > 0 && (
              <SimpleGrid cols={{ base: 3, xs: 4, md: 6 }} spacing="xs">
                {photos.map((doc) => (
                  <PhotoThumb
                    key={doc.id}
                    doc={doc}
                    label={`${t('files.open')} ${doc.name}`}
                    onOpen={() => openDocument(doc).catch(notifyError)}
                  />
                ))}
              </SimpleGrid>
            )}
            {files.map((doc) => (
              <Group key={doc.id} justify="space-between" wrap="nowrap" gap="xs">
                <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                  <IconFileText size={18} aria-hidden />
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    onClick={() => openDocument(doc).catch(notifyError)}
                    style={{ minWidth: 0 }}
                  >
                    <Text size="sm" truncate>
                      {doc.name}
                    </Text>
                  </Button>
                  <Text size="xs" c="dimmed">
                    {kb(doc.size)}
                  </Text>
                </Group>
                <Hint label={t('files.download')}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`${t('files.download')} ${doc.name}`}
                    onClick={() => openDocument(doc).catch(notifyError)}
                  >
                    <IconDownload size={18} aria-hidden />
                  </ActionIcon>
                </Hint>
              </Group>
            ))}
          </Stack>
        )}
      </Card>

      <Card withBorder radius="md">
        <Title order={3} size="h5" mb="sm">
          {t('history.title')}
        </Title>
        <OrderHistory history={o.history} currency={o.cost.currency} />
      </Card>

      {/* On a phone the actions used on the job stay at the thumb: chat, photo, status. */}
      <Paper
        hiddenFrom="sm"
        withBorder
        shadow="md"
        p="xs"
        pos="sticky"
        bottom={0}
        // Above the home indicator of a phone without a home button.
        style={{ zIndex: 5, paddingBottom: 'calc(var(--mantine-spacing-xs) + env(safe-area-inset-bottom))' }}
        className="wop-phone-actions"
        data-testid="order-phone-actions"
      >
        <Group gap="xs" grow wrap="nowrap" align="stretch">
          <MessagesButton orderId={o.id} opened={chatOpen} onClick={toggleChat} />
          <ActionButton icon={IconUpload} onClick={() => setUpload(true)}>
            {t('upload.button')}
          </ActionButton>
          {canEdit && (
            <ActionButton variant="filled" icon={IconEdit} onClick={() => setEdit(true)}>
              {t('common:actions.edit')}
            </ActionButton>
          )}
        </Group>
      </Paper>
    </Stack>
  );

  return (
    <>
      {/* The chat panel: a right-hand column on wide screens, below the detail on narrow ones. */}
      <OrderChatLayout orderId={o.id} opened={chatOpen} onClose={() => setChatOpen(false)}>
        {summary}
      </OrderChatLayout>
      <OrderEditDialog
        orderId={o.id}
        opened={edit}
        onClose={() => {
          setEdit(false);
          if (editing) navigate(`${base}/${o.id}`, { replace: true });
        }}
      />
      <UploadDialog orderId={o.id} opened={upload} onClose={() => setUpload(false)} />
      <ConfirmDelete
        opened={deleting}
        name={t('orderNumber', { number: o.project_number })}
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          notifySuccess(await remove.mutateAsync(o.id));
          // Back to the list it came from (/orders or the chain's orders); Back must not return to a deleted order.
          navigate(base, { replace: true });
        }}
      />
    </>
  );
}
