import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { i18n } from '../lib/i18n.ts';

interface Props {
  children: ReactNode;
  /** Changing it (e.g. the path) clears a caught error. */
  resetKey?: string;
}

interface State {
  error: Error | null;
  resetKey?: string;
}

/** Catches render errors (and failed page-chunk loads) so one broken page never blanks the app. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    // Without a connection, the likely cause is a page whose code this device has never loaded: said so.
    const kind = typeof navigator !== 'undefined' && !navigator.onLine ? 'notOffline' : 'crash';
    const t = (key: string) => i18n.t(key, { ns: 'common' });
    return (
      <Center mih={320} px="md" role="alert">
        <Stack align="center" gap="sm" maw={480} ta="center">
          <Title order={2}>{t(`${kind}.title`)}</Title>
          <Text c="dimmed">{t(`${kind}.text`)}</Text>
          <Button onClick={() => window.location.reload()}>{t('crash.reload')}</Button>
        </Stack>
      </Center>
    );
  }
}
