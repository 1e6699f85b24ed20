import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import type { Chain } from '@wop/shared/chains';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/current-user.ts';
import { ChainFormDialog } from './ChainFormDialog.tsx';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </Stack>
  );
}

/** The information tab of the chain dashboard. */
export function ChainInformation({ chain }: { chain: Chain }) {
  const { t } = useTranslation('chains');
  const canManage = useCan('chain:manage');
  const [editing, setEditing] = useState(false);
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          <Field label={t('fields.chain_name')}>{chain.chain_name}</Field>
          <Field label={t('fields.contact_person')}>{chain.contact_person}</Field>
          <Field label={t('fields.phone')}>
            <a href={`tel:${chain.phone}`}>{chain.phone}</a>
          </Field>
          <Field label={t('fields.email')}>
            <a href={`mailto:${chain.email}`}>{chain.email}</a>
          </Field>
          <Field label={t('fields.invoice_address')}>{chain.invoice_address}</Field>
          <Field label={t('fields.has_region')}>{chain.has_region ? t('yes') : t('no')}</Field>
          <Field label={t('fields.stores_count')}>{chain.stores_count}</Field>
          {chain.has_region === 1 && <Field label={t('fields.regions_count')}>{chain.regions_count}</Field>}
        </SimpleGrid>
        {canManage && (
          <Group justify="flex-end">
            <Button variant="default" leftSection={<IconEdit size={16} aria-hidden />} onClick={() => setEditing(true)}>
              {t('common:actions.edit')}
            </Button>
          </Group>
        )}
      </Stack>
      <ChainFormDialog opened={editing} chainId={chain.id} onClose={() => setEditing(false)} />
    </Card>
  );
}
