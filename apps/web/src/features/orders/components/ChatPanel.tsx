import { ActionIcon, Badge, Box, Button, Group, Loader, Paper, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ChatMessage, chatMessageBody } from '@wop/shared/chat';
import { CHAT_MAX_LENGTH, CHAT_PAGE_SIZE } from '@wop/shared/constants';
import { type KeyboardEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates.ts';
import { useDraft } from '../../../lib/drafts.ts';
import { schemaResolver, setServerErrors } from '../../../lib/forms.ts';
import { i18n } from '../../../lib/i18n.ts';
import { usePollInterval } from '../../../lib/live-status.ts';
import { useOfflineState, useOnline } from '../../../lib/offline.ts';
import { useMessages } from '../api/chat-messages.ts';
import { useSendMessage } from '../api/chat-send-message.ts';
import { unreadCountQueryOptions } from '../api/chat-unread-count.ts';
import { useUpdateSeen } from '../api/chat-update-seen.ts';

/** Near enough to an edge of the message list to count as being there, in px. */
const EDGE_PX = 48;

export interface ChatPanelProps {
  orderId: number;
  /** Shows a close button (the detail page's "messages" button opens it again). */
  onClose?: () => void;
  /** Height of the message list; the panel sits beside the detail on wide screens, below it on narrow ones. */
  height?: number | string;
}

/**
 * The order chat (spec 2, 4, 5): newest messages at the bottom, older ones loaded 10 at a time when
 * scrolled to the top, polled every 10 s. Mounting it is "opening" it: the messages shown are marked
 * as seen, and those that were unread (the newest N others' messages, N = the unread count) stay
 * highlighted while it is open. Bodies are plain text: React escapes them, nothing is parsed as HTML.
 */
export function ChatPanel({ orderId, onClose, height = 420 }: ChatPanelProps) {
  const { t } = useTranslation('chat');
  const [limit, setLimit] = useState(CHAT_PAGE_SIZE);
  const messages = useMessages(orderId, limit);
  // The count as of opening decides which messages are unseen: fetch it fresh, not from the badge's cache.
  const unread = useQuery({
    ...unreadCountQueryOptions(orderId),
    refetchOnMount: 'always',
    refetchInterval: usePollInterval(),
  });
  const seen = useUpdateSeen(orderId);
  const { online } = useOfflineState();
  const [highlighted, setHighlighted] = useState<ReadonlySet<number>>(() => new Set());
  const markedUpTo = useRef<number | null>(null);

  const page = messages.data;
  const newestFirst = page?.data ?? [];
  const shown = useMemo(() => [...newestFirst].reverse(), [newestFirst]);
  const newestId = newestFirst[0]?.id ?? null;
  const hasOlder = page ? page.total > page.data.length : false;

  // Opening marks what is shown as seen; messages that arrive while it is open are marked as they appear.
  const { mutate: markSeen } = seen;
  useEffect(() => {
    if (!page || messages.isPlaceholderData || newestId === null) return;
    if (markedUpTo.current === null && (unread.data === undefined || unread.isFetching)) return;
    if (markedUpTo.current !== null && newestId <= markedUpTo.current) return;
    const others = page.data.filter((m) => !m.own);
    const since = markedUpTo.current;
    const fresh =
      since === null
        ? others.slice(0, unread.data ?? 0).map((m) => m.id)
        : others.filter((m) => m.id > since).map((m) => m.id);
    markedUpTo.current = newestId;
    if (fresh.length > 0) setHighlighted((previous) => new Set([...previous, ...fresh]));
    if (fresh.length > 0 || (since === null && (unread.data ?? 0) > 0)) markSeen(newestId);
  }, [page, messages.isPlaceholderData, newestId, unread.data, unread.isFetching, markSeen]);

  // Scrolling: start at the newest; keep the reading position when older messages come in above;
  // follow new messages only when the reader is already at the bottom.
  const viewport = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const olderFrom = useRef<{ height: number; top: number } | null>(null);
  const lastNewest = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after every change of the shown list (older messages prepended).
  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el || messages.isPlaceholderData) return;
    if (olderFrom.current) {
      el.scrollTop = el.scrollHeight - olderFrom.current.height + olderFrom.current.top;
      olderFrom.current = null;
    } else if (newestId !== lastNewest.current && (atBottom.current || lastNewest.current === null)) {
      el.scrollTop = el.scrollHeight;
    }
    lastNewest.current = newestId;
  }, [shown, newestId, messages.isPlaceholderData]);

  const loadOlder = () => {
    const el = viewport.current;
    if (!hasOlder || messages.isFetching) return;
    olderFrom.current = el ? { height: el.scrollHeight, top: el.scrollTop } : null;
    setLimit((current) => current + CHAT_PAGE_SIZE);
  };
  const onScroll = ({ y }: { x: number; y: number }) => {
    const el = viewport.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.clientHeight - y < EDGE_PX;
    if (y < EDGE_PX) loadOlder();
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-labelledby={`order-chat-title-${orderId}`}
      id="order-chat-panel"
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600} id={`order-chat-title-${orderId}`}>
          {t('title')}
        </Text>
        {onClose && (
          <ActionIcon variant="subtle" color="gray" onClick={onClose} aria-label={t('close')}>
            <IconX size={18} aria-hidden />
          </ActionIcon>
        )}
      </Group>
      <ScrollArea h={height} viewportRef={viewport} onScrollPositionChange={onScroll} type="auto" offsetScrollbars>
        <Stack gap="xs" pr="xs" aria-live="polite" aria-relevant="additions" role="log" aria-label={t('title')}>
          {hasOlder && (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={loadOlder}
              loading={messages.isFetching && messages.isPlaceholderData}
            >
              {t('loadOlder')}
            </Button>
          )}
          {messages.isPending && (
            <Group justify="center" p="md">
              <Loader size="sm" role="status" aria-label={i18n.t('common:loading')} />
            </Group>
          )}
          {!page && messages.isError && (
            <Stack align="center" gap="xs" p="md">
              <Text c="dimmed" ta="center" size="sm">
                {online ? t('loadFailed') : t('notOffline')}
              </Text>
              {online && (
                <Button variant="light" size="compact-sm" onClick={() => messages.refetch()}>
                  {i18n.t('common:actions.retry')}
                </Button>
              )}
            </Stack>
          )}
          {page && shown.length === 0 && (
            <Text c="dimmed" ta="center" p="md" size="sm">
              {t('empty')}
            </Text>
          )}
          {shown.map((message) => (
            <MessageBubble key={message.id} message={message} unread={highlighted.has(message.id)} />
          ))}
        </Stack>
      </ScrollArea>
      <Composer orderId={orderId} onSent={() => (atBottom.current = true)} />
    </Paper>
  );
}

function MessageBubble({ message, unread }: { message: ChatMessage; unread: boolean }) {
  const { t } = useTranslation('chat');
  const format = useDateFormat();
  useNow(30_000);
  return (
    <Box
      data-testid="chat-message"
      data-unread={unread || undefined}
      style={{ alignSelf: message.own ? 'flex-end' : 'flex-start', maxWidth: '85%' }}
    >
      {/* The sender's whole name, on a line of its own when it does not fit beside the time (a phone). */}
      <Group gap={6} style={{ rowGap: 0 }} justify={message.own ? 'flex-end' : 'flex-start'} wrap="wrap">
        <Text size="xs" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {message.own ? t('you') : (message.sender?.name ?? t('deletedUser'))}
        </Text>
        <Text
          size="xs"
          c="dimmed"
          component="time"
          dateTime={message.created_at}
          title={format.dateTime(message.created_at)}
        >
          {format.relative(message.created_at)}
        </Text>
        {unread && (
          <Badge size="xs" color="red.9" variant="filled">
            {t('new')}
          </Badge>
        )}
      </Group>
      <Paper
        p="xs"
        radius="md"
        bg={message.own ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-default-hover)'}
        style={unread ? { outline: '2px solid var(--mantine-color-orange-6)' } : undefined}
      >
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.body}
        </Text>
      </Paper>
    </Box>
  );
}

/** Re-renders now and then so that "5 min ago" stays true. */
function useNow(everyMs: number) {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setTick((n) => n + 1), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
}

function Composer({ orderId, onSent }: { orderId: number; onSent: () => void }) {
  const { t } = useTranslation('chat');
  const send = useSendMessage(orderId);
  // Offline the message can be written (it stays as a draft), and is sent once online.
  const online = useOnline();
  // What is typed stays as a draft until sent, across reloads and an expired session.
  const draft = useDraft<{ body: string }>(`chat.${orderId}`, (v) => v.body.trim() === '');
  const form = useForm({
    mode: 'controlled',
    initialValues: { body: draft.restored?.values.body ?? '' },
    onValuesChange: (next) => draft.save(next),
    validate: schemaResolver(chatMessageBody, { body: 'chat:message' }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await send.mutateAsync({ body: values.body.trim() });
      draft.discard();
      form.setValues({ body: '' });
      onSent();
    } catch (error) {
      // The toast comes from the mutation; the field keeps the text and shows the message too.
      setServerErrors(form, error, { body: 'chat:message' });
    }
  });

  // Enter sends, Shift+Enter starts a new line (spec 5); not while an IME is composing.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!send.isPending && online) submit();
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="xs" mt="sm" wrap="nowrap">
        <Textarea
          label={t('message')}
          placeholder={t('placeholder')}
          description={online ? t('hint') : t('common:offline.readOnly')}
          autosize
          minRows={1}
          maxRows={6}
          maxLength={CHAT_MAX_LENGTH}
          style={{ flex: 1 }}
          onKeyDown={onKeyDown}
          {...form.getInputProps('body')}
        />
        <ActionIcon type="submit" size="lg" loading={send.isPending} disabled={!online} aria-label={t('send')} mb={4}>
          <IconSend size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </form>
  );
}
