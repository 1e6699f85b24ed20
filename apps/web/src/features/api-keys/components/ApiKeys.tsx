import { Badge, Button, Code, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ApiKey } from '@wop/shared/api-keys';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../../components/ConfirmDelete.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
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
          <Table.ScrollContainer minWidth={720}>
            <Table striped verticalSpacing="xs" aria-labelledby="api-keys-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fields.name')}</Table.Th>
                  <Table.Th>{t('prefix')}</Table.Th>
                  <Table.Th>{t('fields.scopes')}</Table.Th>
                  {chainId === undefined && <Table.Th>{t('fields.chain_id')}</Table.Th>}
                  <Table.Th>{t('lastUsed')}</Table.Th>
                  <Table.Th>{t('expires')}</Table.Th>
                  <Table.Th>{t('state')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((key) => {
                  const state = stateOf(key, now);
                  return (
                    <Table.Tr key={key.id}>
                      <Table.Td>{key.name}</Table.Td>
                      <Table.Td>
                        <Code>{key.prefix}…</Code>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {key.scopes.map((scope) => (
                            <Badge key={scope} variant="light" color="#1864ab" style={{ textTransform: 'none' }}>
                              {t(scopeKey(scope))}
                            </Badge>
                          ))}
                        </Group>
                      </Table.Td>
                      {chainId === undefined && <Table.Td>{chainName(key.chain_id)}</Table.Td>}
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {key.last_used_at ? format.relative(key.last_used_at) : t('never')}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {key.expires_at ? format.dateTime(key.expires_at) : t('noExpiry')}
                      </Table.Td>
                      <Table.Td>
                        <Badge color={STATE_COLOR[state]} style={{ textTransform: 'none' }}>
                          {t(`states.${state}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right">
                        {state !== 'revoked' && (
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
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
