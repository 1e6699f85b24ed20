import { Badge, Button, Code, Group, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ApiKey } from '@wop/shared/api-keys';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../../components/ConfirmDelete.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { StripedTable } from '../../../components/StripedTable.tsx';
import { useDateFormat } from '../../../lib/dates.ts';
import { notifySuccess } from '../../../lib/errors.ts';
import { apiKeysQueryOptions, useRevokeApiKey } from '../api/api-keys.ts';
import { CreateApiKey, scopeKey } from './CreateApiKey.tsx';

type State = 'active' | 'expired' | 'revoked';
const stateOf = (key: ApiKey, now: number): State =>
  key.revoked_at ? 'revoked' : key.expires_at && Date.parse(key.expires_at) <= now ? 'expired' : 'active';
const STATE_COLOR: Record<State, string> = { active: '#237032', expired: '#495057', revoked: '#c92a2a' };

/**
 * The keys for machines (ERP, accounting, dispatch) of one chain (`chainId`, a tab of the chain's
 * page) or of every chain the caller manages (the admins' page, which names each key's chain): create
 * one, see when each was last used, revoke one.
 */
export function ApiKeys({
  chainId,
  chains,
}: {
  chainId?: number;
  chains?: readonly { id: number; chain_name: string }[];
}) {
  const { t } = useTranslation('apiKeys');
  const format = useDateFormat();
  const keys = useQuery(apiKeysQueryOptions());
  const revoke = useRevokeApiKey();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const rows = (keys.data ?? []).filter((key) => chainId === undefined || key.chain_id === chainId);
  const chainName = (id: number | null) =>
    id === null ? t('everyChain') : (chains?.find((chain) => chain.id === id)?.chain_name ?? `#${id}`);
  const now = Date.now();

  return (
    <>
      <SectionCard id="api-keys-title" title={t('title')} intro={t('intro')}>
        <CreateApiKey chainId={chainId} chains={chains} />
        {keys.data && rows.length === 0 && <Text c="dimmed">{t('none')}</Text>}
        {rows.length > 0 && (
          <StripedTable
            labelledBy="api-keys-title"
            minWidth={720}
            rows={rows}
            rowKey={(key) => key.id}
            columns={[
              { header: t('fields.name'), cell: (key) => key.name },
              { header: t('prefix'), cell: (key) => <Code>{key.prefix}…</Code> },
              {
                header: t('fields.scopes'),
                cell: (key) => (
                  <Group gap={4}>
                    {key.scopes.map((scope) => (
                      <Badge key={scope} variant="light" color="#1864ab" style={{ textTransform: 'none' }}>
                        {t(scopeKey(scope))}
                      </Badge>
                    ))}
                  </Group>
                ),
              },
              chainId === undefined && { header: t('fields.chain_id'), cell: (key) => chainName(key.chain_id) },
              {
                header: t('lastUsed'),
                nowrap: true,
                cell: (key) => (key.last_used_at ? format.relative(key.last_used_at) : t('never')),
              },
              {
                header: t('expires'),
                nowrap: true,
                cell: (key) => (key.expires_at ? format.dateTime(key.expires_at) : t('noExpiry')),
              },
              {
                header: t('state'),
                cell: (key) => {
                  const state = stateOf(key, now);
                  return (
                    <Badge color={STATE_COLOR[state]} style={{ textTransform: 'none' }}>
                      {t(`states.${state}`)}
                    </Badge>
                  );
                },
              },
              {
                header: <VisuallyHidden>{t('actions')}</VisuallyHidden>,
                right: true,
                cell: (key) =>
                  stateOf(key, now) !== 'revoked' && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      // Dark enough for 4.5:1 on a striped row.
                      color="#c92a2a"
                      aria-label={t('revokeOne', { name: key.name })}
                      onClick={() => setRevoking(key)}
                    >
                      {t('revoke')}
                    </Button>
                  ),
              },
            ]}
          />
        )}
      </SectionCard>
      <ConfirmDelete
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        onConfirm={async () => {
          if (revoking) notifySuccess(await revoke.mutateAsync(revoking.id));
        }}
        title={t('revokeTitle', { name: revoking?.name ?? '' })}
        message={t('revokeMessage')}
        confirmLabel={t('revoke')}
      />
    </>
  );
}
