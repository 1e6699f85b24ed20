import { Stack, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { chainPath, chainQueryOptions } from '../../../entities/chains.ts';
import { useCan } from '../../../lib/current-user.ts';
import { usePageHeader } from '../../../lib/page-header.tsx';

/**
 * /chains/{id}: the chain's name and its tabs information, stores, orders, users, regions (only
 * when the chain has regions), sign-in (its own identity provider), costs, invoices, API keys and webhooks. Each tab is a path of its own (/chains/{id}/stores, ...) whose page
 * the router puts in the outlet below the tabs.
 */
export function ChainDashboardPage() {
  const { t } = useTranslation('chains');
  const chainId = Number(useParams().chainId);
  const chain = useQuery({ ...chainQueryOptions(chainId), meta: { silent: true } });
  const navigate = useNavigate();
  const canSetSignIn = useCan('chain:sign-in');
  const canManageKeys = useCan('api-key:manage');
  const canManageWebhooks = useCan('webhook:manage');
  const { pathname } = useLocation();
  usePageHeader(chain.data?.chain_name ?? t('dashboard'), null);

  if (chain.isPending) return <PageLoader />;
  if (chain.isError) return <NotFoundPage />;
  const base = chainPath(chainId);
  const tab = pathname.slice(base.length).split('/')[1] || 'information';
  const tabs = [
    'information',
    'stores',
    'orders',
    'users',
    ...(chain.data.has_region ? ['regions'] : []),
    ...(canSetSignIn ? ['sign-in', 'costs', 'invoices'] : []),
    ...(canManageKeys ? ['api-keys'] : []),
    ...(canManageWebhooks ? ['webhooks'] : []),
  ];

  return (
    <Stack>
      <Tabs
        value={tabs.includes(tab) ? tab : null}
        onChange={(value) => value && navigate(value === 'information' ? base : `${base}/${value}`)}
        keepMounted={false}
      >
        <Tabs.List>
          {tabs.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {tabs.includes(tab) ? <Outlet /> : <NotFoundPage />}
    </Stack>
  );
}
