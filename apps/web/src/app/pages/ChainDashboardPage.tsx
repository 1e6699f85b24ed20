import { Stack, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../components/PageLoader.tsx';
import { chainQueryOptions } from '../../features/chains/api/chains.ts';
import { ChainInformation } from '../../features/chains/components/ChainInformation.tsx';
import { OrdersList } from '../../features/orders/components/OrdersList.tsx';
import { OrderCreatePage } from '../../features/orders/pages/OrderCreatePage.tsx';
import { OrderDetailPage } from '../../features/orders/pages/OrderDetailPage.tsx';
import { RegionsList } from '../../features/regions/components/RegionsList.tsx';
import { StoresList } from '../../features/stores/components/StoresList.tsx';
import { UsersList } from '../../features/users/components/UsersList.tsx';
import { usePageHeader } from '../../lib/page-header.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

type Dialog = null | { mode: 'create' } | { mode: 'update'; id: number };
type Section = 'stores' | 'users' | 'regions';

/**
 * /chains/{id}: the chain's name and tabs information, stores, orders, users and regions (only when
 * the chain has regions). The nested create/update paths of spec 2 open the dialogs in chain
 * mode (chain field locked): /stores/create, /stores/{id}/update, and so on.
 */
export function ChainDashboardPage() {
  const { t } = useTranslation('chains');
  const params = useParams();
  const chainId = Number(params.chainId);
  const chain = useQuery({ ...chainQueryOptions(chainId), meta: { silent: true } });
  const navigate = useNavigate();
  const { pathname } = useLocation();
  usePageHeader(chain.data?.chain_name ?? t('dashboard'), null);

  if (chain.isPending) return <PageLoader />;
  if (chain.isError) return <NotFoundPage />;
  const data = chain.data;
  const base = `/chains/${chainId}`;
  const tab = pathname.slice(base.length).split('/')[1] || 'information';
  const tabs = ['information', 'stores', 'orders', 'users', ...(data.has_region ? ['regions'] : [])];

  // Dialog state <-> URL: null is the list, create is /create, update is /{id}/update.
  const dialogFor = (section: Section) => (dialog: Dialog) =>
    navigate(
      dialog === null
        ? `${base}/${section}`
        : dialog.mode === 'create'
          ? `${base}/${section}/create`
          : `${base}/${section}/${dialog.id}/update`,
    );
  const section = (name: Section, dialog: Dialog) => {
    if (name === 'stores') return <StoresList chainId={chainId} dialog={dialog} onDialogChange={dialogFor('stores')} />;
    if (name === 'users') return <UsersList chainId={chainId} dialog={dialog} onDialogChange={dialogFor('users')} />;
    return (
      <RegionsList
        chainId={chainId}
        chainName={data.chain_name}
        dialog={dialog}
        onDialogChange={dialogFor('regions')}
      />
    );
  };
  const sections: Section[] = data.has_region ? ['stores', 'users', 'regions'] : ['stores', 'users'];

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
      <Routes>
        <Route index element={<ChainInformation chain={data} />} />
        {/* The orders feature's pages with the chain fixed (chain mode). */}
        <Route path="orders" element={<OrdersList chainId={chainId} />} />
        <Route path="orders/create" element={<OrderCreatePage chainId={chainId} />} />
        <Route path="orders/:id" element={<UpdateRoute render={(id) => <OrderDetailPage key={id} orderId={id} />} />} />
        <Route
          path="orders/:id/update"
          element={<UpdateRoute render={(id) => <OrderDetailPage key={id} orderId={id} editing />} />}
        />
        {sections.map((name) => [
          <Route key={name} path={name} element={section(name, null)} />,
          <Route key={`${name}-create`} path={`${name}/create`} element={section(name, { mode: 'create' })} />,
          <Route
            key={`${name}-update`}
            path={`${name}/:id/update`}
            element={<UpdateRoute render={(id) => section(name, { mode: 'update', id })} />}
          />,
        ])}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Stack>
  );
}

/** A nested route with a numeric `:id` (up to 9 digits), else not found. */
function UpdateRoute({ render }: { render: (id: number) => React.ReactNode }) {
  const { id } = useParams();
  if (!id || !/^\d{1,9}$/.test(id)) return <NotFoundPage />;
  return render(Number(id));
}
