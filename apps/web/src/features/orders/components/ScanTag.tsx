import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import type { Asset } from '@wop/shared/assets';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../../lib/api.ts';

/** The tag a label's QR code holds: its address ends in /assets/tag/{tag}; a bare tag is one too. */
export function tagOf(text: string): string {
  const match = /\/assets\/tag\/([^/?#]+)/.exec(text);
  return decodeURIComponent(match ? match[1] : text).trim();
}

/**
 * "Scan": the phone's camera reads an asset's label (ZXing, loaded when the dialog opens), or the tag
 * printed under the code is typed. The asset found is handed to `onFound`.
 */
export function ScanTag({ onFound }: { onFound: (asset: Asset) => void }) {
  const { t } = useTranslation('orders');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" leftSection={<IconQrcode size={16} aria-hidden />} onClick={() => setOpened(true)}>
        {t('scan.button')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('scan.title')} size="md">
        {opened && (
          <Scanner
            onFound={(asset) => {
              setOpened(false);
              onFound(asset);
            }}
          />
        )}
      </Modal>
    </>
  );
}

function Scanner({ onFound }: { onFound: (asset: Asset) => void }) {
  const { t } = useTranslation('orders');
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<'starting' | 'on' | 'none'>('starting');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const busy = useRef(false);

  const lookUp = async (text: string) => {
    const tag = tagOf(text);
    if (!tag || busy.current) return;
    busy.current = true;
    setLooking(true);
    setError(null);
    try {
      onFound((await api.get<Asset>(`/assets/by-tag/${encodeURIComponent(tag)}`)).payload);
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : t('scan.failed'));
    } finally {
      busy.current = false;
      setLooking(false);
    }
  };
  const found = useRef(lookUp);
  found.current = lookUp;

  useEffect(() => {
    let stopped = false;
    let stop: (() => void) | undefined;
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia || !video.current) return setCamera('none');
      try {
        const { BrowserQRCodeReader } = await import('@zxing/browser');
        const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 200 });
        const controls = await reader.decodeFromConstraints(
          { video: { facingMode: 'environment' } },
          video.current,
          (result) => {
            if (result) void found.current(result.getText());
          },
        );
        if (stopped) controls.stop();
        else {
          stop = () => controls.stop();
          setCamera('on');
        }
      } catch {
        if (!stopped) setCamera('none');
      }
    })();
    return () => {
      stopped = true;
      stop?.();
    };
  }, []);

  return (
    <Stack gap="sm">
      <video
        ref={video}
        muted
        playsInline
        aria-label={t('scan.camera')}
        style={{ width: '100%', maxHeight: 320, background: '#000', display: camera === 'none' ? 'none' : 'block' }}
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {camera === 'starting' ? t('scan.starting') : camera === 'on' ? t('scan.aim') : t('scan.noCamera')}
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void lookUp(typed);
        }}
      >
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label={t('scan.tag')}
            description={t('scan.tagHint')}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoCapitalize="characters"
            autoComplete="off"
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={looking} disabled={!typed.trim()}>
            {t('scan.find')}
          </Button>
        </Group>
      </form>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
