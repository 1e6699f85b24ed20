import {
  Alert,
  Box,
  Button,
  Card,
  Center,
  CloseButton,
  Collapse,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconArrowsSort,
  IconDatabaseOff,
  IconFilter,
  IconSearch,
  IconSearchOff,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import type { Page } from '@wop/shared/api';
import { memo, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevealed } from '../../lib/progressive.ts';
import { DEFAULT_SORT, type ListQuery, nextSort, type SortSpec, useListParams, usePageSizes } from './list-params.ts';

/**
 * THE list component: search, page size, sortable headers, pagination, empty and loading
 * states, row actions, filter and toolbar slots. Its state lives in the URL. Below 768 px
 * each row is a card.
 */

export interface DataTableColumn<T> {
  /** Column id; also the `sort_by` value unless `sortKey` is given. */
  key: string;
  header: string;
  /** Cell content; defaults to the row's value at `key`. */
  render?: (row: T) => ReactNode;
  sortable?: boolean;
  sortKey?: string;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /** Leave the column out of the phone card. */
  hideOnCard?: boolean;
}

export interface DataTableProps<T> {
  /** Base query key, e.g. `['users']`; the list params are appended. Invalidate it to reload. */
  queryKey: QueryKey;
  /** Loads one page: receives `page, limit, q, sort_by, sort_order` and the filters. */
  queryFn: (query: ListQuery, signal: AbortSignal) => Promise<Page<T>>;
  columns: DataTableColumn<T>[];
  getRowId?: (row: T) => string | number;
  /** Default `id desc`; the order list uses `project_number desc`. */
  defaultSort?: SortSpec;
  /** URL params that are filters: passed to `queryFn`; set them with `useListFilter`. */
  filterParams?: readonly string[];
  /** Filter inputs shown above the table. */
  filters?: ReactNode;
  /** Buttons beside the search box: create, export... */
  toolbar?: ReactNode;
  rowActions?: (row: T) => ReactNode;
  /** Told of each page that arrives (whether fetched now or ahead of the list, see entities/orders.ts). */
  onPage?: (page: Page<T>) => void;
  searchable?: boolean;
  /** Empty text when nothing is searched, default "No Data Available". */
  emptyText?: string;
  /** Shown under the empty text, e.g. the create button. */
  emptyAction?: ReactNode;
  /** Custom phone card; default lists every column as label and value. */
  renderCard?: (row: T) => ReactNode;
  /** Accessible name of the table. */
  label: string;
}

type Row = Record<string, unknown>;

/** Rows rendered with a page's answer, the rest following when the browser is idle: about a screenful. */
const FIRST_CARDS = 4;
const FIRST_ROWS = 15;

/**
 * A card below the screen is not styled, laid out or painted until it nears the screen (its height kept at what it
 * was, or about an order's card before it first shows): each idle step of Revealed then costs the phone its new
 * cards' render, not the layout and paint of the whole page again.
 */
const CARD_STYLE = { contentVisibility: 'auto', containIntrinsicSize: 'auto 150px' } as const;

function defaultCell<T>(row: T, key: string): ReactNode {
  const value = (row as Row)[key];
  if (value === null || value === undefined || value === '') return '–';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * The rows a screen shows first (four cards on a phone), then the rest of the page as the browser is idle. The
 * count lives here, so that each step renders this list and its new rows, not the table around them.
 */
function Revealed<T>({ rows, first, children }: { rows: T[]; first: number; children: (row: T) => ReactNode }) {
  return rows.slice(0, useRevealed(rows.length, first)).map(children);
}

interface RowProps<T> {
  row: T;
  columns: DataTableColumn<T>[];
  rowActions?: (row: T) => ReactNode;
  renderCard?: (row: T) => ReactNode;
}

// A row and a card render again only when their row or the list's columns change: a step of Revealed renders its
// new rows alone, not every row above them once more.
const DataCard = memo(function DataCard<T>({ row, columns, renderCard, rowActions }: RowProps<T>) {
  return (
    <Card withBorder padding="sm" radius="md" role="listitem" style={CARD_STYLE}>
      {renderCard ? (
        renderCard(row)
      ) : (
        <Stack gap={6}>
          {columns
            .filter((column) => !column.hideOnCard)
            .map((column) => (
              <Group key={column.key} justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                  {column.header}
                </Text>
                <Box
                  ta="right"
                  style={{ fontSize: 'var(--mantine-font-size-sm)', minWidth: 0, overflowWrap: 'anywhere' }}
                >
                  {column.render ? column.render(row) : defaultCell(row, column.key)}
                </Box>
              </Group>
            ))}
        </Stack>
      )}
      {rowActions && (
        <Group justify="flex-end" gap="xs" mt="sm">
          {rowActions(row)}
        </Group>
      )}
    </Card>
  );
}) as <T>(props: RowProps<T>) => ReactNode;

const DataRow = memo(function DataRow<T>({ row, columns, rowActions }: RowProps<T>) {
  return (
    <Table.Tr>
      {columns.map((column) => (
        <Table.Td key={column.key} ta={column.align}>
          {column.render ? column.render(row) : defaultCell(row, column.key)}
        </Table.Td>
      ))}
      {rowActions && (
        <Table.Td>
          <Group gap={4} justify="flex-end" wrap="nowrap">
            {rowActions(row)}
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}) as <T>(props: RowProps<T>) => ReactNode;

export function DataTable<T>({
  queryKey,
  queryFn,
  columns,
  getRowId = (row) => (row as Row).id as string | number,
  defaultSort = DEFAULT_SORT,
  filterParams = [],
  filters,
  toolbar,
  rowActions,
  onPage,
  searchable = true,
  emptyText,
  emptyAction,
  renderCard,
  label,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const { state, query, update } = useListParams(defaultSort, filterParams);
  const pageSizes = usePageSizes();
  const isPhone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const searchId = useId();
  const filtersId = useId();
  // On a phone the filters wait behind a button, so the first rows show without scrolling; they (and the calls
  // for their choices) render when it is first pressed, not as blocking work after the first paint.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [filtersUsed, setFiltersUsed] = useState(false);

  const result = useQuery({
    queryKey: [...queryKey, query],
    queryFn: ({ signal }) => queryFn(query, signal),
    placeholderData: keepPreviousData,
  });
  const page = result.data;

  // Search: typed text is debounced into the URL; a URL change (back button) updates the box.
  const [search, setSearch] = useState(state.q);
  const sentSearch = useRef(state.q);
  useEffect(() => {
    if (search === sentSearch.current) return;
    const timer = setTimeout(() => {
      sentSearch.current = search;
      update({ q: search.trim() === '' ? null : search }, { replace: true });
    }, 350);
    return () => clearTimeout(timer);
  }, [search, update]);
  useEffect(() => {
    if (state.q !== sentSearch.current) {
      sentSearch.current = state.q;
      setSearch(state.q);
    }
  }, [state.q]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page that arrives, not per render's callback
  useEffect(() => {
    if (page && !result.isPlaceholderData) onPage?.(page);
  }, [page]);

  // A page beyond the end (after deletions, or an old link) moves to the last page.
  useEffect(() => {
    if (page && page.last_page >= 1 && state.page > page.last_page) update({ page: page.last_page }, { replace: true });
  }, [page, state.page, update]);

  const sortBy = (column: string) => {
    const sort = nextSort({ by: state.sort_by, order: state.sort_order }, column);
    update({ sort_by: sort.by, sort_order: sort.order });
  };

  // Phones show no headers, so sorting is a select there.
  const sortable = columns.filter((column) => column.sortable);
  const sortOptions = sortable.flatMap((column) => {
    const key = column.sortKey ?? column.key;
    return [
      { value: `${key}:asc`, label: `${column.header} ↑` },
      { value: `${key}:desc`, label: `${column.header} ↓` },
    ];
  });
  if (!sortOptions.some((option) => option.value === `${state.sort_by}:${state.sort_order}`)) {
    sortOptions.unshift({ value: `${state.sort_by}:${state.sort_order}`, label: t('table.defaultSort') });
  }

  const searching = state.q.trim() !== '' || Object.keys(state.filters).length > 0;
  const rows = page?.data ?? [];
  const total = page?.total ?? 0;
  const from = total === 0 ? 0 : (state.page - 1) * state.limit + 1;
  const to = Math.min(total, (state.page - 1) * state.limit + rows.length);
  const lastPage = Math.max(1, page?.last_page ?? 1);

  const activeFilters = Object.keys(state.filters).length;
  const listControls = (
    <>
      {filters && (
        <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label={t('table.filters')}>
          {filters}
        </Group>
      )}
      <NativeSelect
        label={t('table.pageSize')}
        styles={{ label: { whiteSpace: 'nowrap' } }}
        value={String(state.limit)}
        data={pageSizes.map(String)}
        onChange={(event) => update({ limit: Number(event.currentTarget.value) })}
        w={130}
      />
      {isPhone && sortable.length > 0 && (
        <NativeSelect
          label={t('table.sort')}
          value={`${state.sort_by}:${state.sort_order}`}
          data={sortOptions}
          onChange={(event) => {
            const [by, order] = event.currentTarget.value.split(':');
            update({ sort_by: by, sort_order: order });
          }}
          style={{ flex: '1 1 160px' }}
        />
      )}
    </>
  );

  const toolbarRow = (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Group gap="sm" align="flex-end" wrap="wrap" style={{ flex: '1 1 280px' }}>
        {searchable && (
          <TextInput
            id={searchId}
            type="search"
            label={t('table.search')}
            placeholder={t('table.searchPlaceholder')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={
              search ? (
                <CloseButton size="sm" aria-label={t('table.clearSearch')} onClick={() => setSearch('')} />
              ) : null
            }
            style={{ flex: '1 1 220px', maxWidth: 360 }}
          />
        )}
        {isPhone ? (
          <>
            <Button
              variant="default"
              leftSection={<IconFilter size={16} aria-hidden />}
              aria-expanded={filtersOpen}
              aria-controls={filtersId}
              onClick={() => {
                setFiltersUsed(true);
                setFiltersOpen((open) => !open);
              }}
            >
              {activeFilters > 0 ? t('table.filtersActive', { count: activeFilters }) : t('table.filters')}
            </Button>
            <Collapse expanded={filtersOpen} id={filtersId} w="100%">
              <Group gap="sm" align="flex-end" wrap="wrap">
                {filtersUsed && listControls}
              </Group>
            </Collapse>
          </>
        ) : (
          listControls
        )}
        {result.isFetching && !result.isPending && <Loader size="sm" role="status" aria-label={t('loading')} />}
      </Group>
      {toolbar && (
        <Group gap="sm" wrap="wrap">
          {toolbar}
        </Group>
      )}
    </Group>
  );

  let body: ReactNode;
  if (result.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label={t('table.loading')} role="status">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={isPhone ? 88 : 36} radius="sm" />
        ))}
      </Stack>
    );
  } else if (result.isError && !page) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('errors.unknown')}>
        <Button variant="white" color="red" size="xs" mt="xs" onClick={() => result.refetch()}>
          {t('actions.retry')}
        </Button>
      </Alert>
    );
  } else if (rows.length === 0) {
    body = (
      <Paper withBorder radius="md" py="xl" px="md">
        <Center>
          <Stack align="center" gap="sm">
            {searching ? <IconSearchOff size={28} aria-hidden /> : <IconDatabaseOff size={28} aria-hidden />}
            <Text c="dimmed" fw={500} data-testid="datatable-empty">
              {searching ? t('table.noResults') : (emptyText ?? t('table.noData'))}
            </Text>
            {!searching && emptyAction}
          </Stack>
        </Center>
      </Paper>
    );
  } else if (isPhone) {
    body = (
      <Stack gap="sm" aria-label={label} role="list">
        <Revealed rows={rows} first={FIRST_CARDS}>
          {(row) => (
            <DataCard key={getRowId(row)} row={row} columns={columns} renderCard={renderCard} rowActions={rowActions} />
          )}
        </Revealed>
      </Stack>
    );
  } else {
    body = (
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <ScrollArea type="auto" offsetScrollbars="x">
          <Table aria-label={label} striped={false} style={{ opacity: result.isPlaceholderData ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => {
                  const sortKey = column.sortKey ?? column.key;
                  const active = column.sortable && state.sort_by === sortKey;
                  const ariaSort = active ? (state.sort_order === 'asc' ? 'ascending' : 'descending') : undefined;
                  return (
                    <Table.Th key={column.key} w={column.width} ta={column.align} aria-sort={ariaSort}>
                      {column.sortable ? (
                        <UnstyledButton
                          onClick={() => sortBy(sortKey)}
                          aria-label={`${t('table.sortBy', { column: column.header })}${active ? `, ${state.sort_order === 'asc' ? t('table.sortedAsc') : t('table.sortedDesc')}` : ''}`}
                          style={{
                            display: 'inline-flex',
                            alignItems: 'center',
                            gap: 4,
                            fontWeight: 700,
                            fontSize: 'inherit',
                          }}
                        >
                          {column.header}
                          {!active && <IconArrowsSort size={14} aria-hidden opacity={0.45} />}
                          {active && state.sort_order === 'asc' && <IconSortAscending size={15} aria-hidden />}
                          {active && state.sort_order === 'desc' && <IconSortDescending size={15} aria-hidden />}
                        </UnstyledButton>
                      ) : (
                        column.header
                      )}
                    </Table.Th>
                  );
                })}
                {rowActions && <Table.Th ta="right">{t('table.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Revealed rows={rows} first={FIRST_ROWS}>
                {(row) => <DataRow key={getRowId(row)} row={row} columns={columns} rowActions={rowActions} />}
              </Revealed>
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Paper>
    );
  }

  return (
    <Stack gap="md">
      {toolbarRow}
      {body}
      {total > 0 && (
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('table.summary', { from, to, total })}
          </Text>
          {lastPage > 1 && (
            <Pagination
              total={lastPage}
              value={Math.min(state.page, lastPage)}
              onChange={(value) => update({ page: value })}
              withEdges
              siblings={isPhone ? 0 : 1}
              boundaries={1}
              size={isPhone ? 'sm' : 'md'}
              gap={isPhone ? 4 : 8}
              role="navigation"
              aria-label={t('table.pagination')}
              getItemProps={(item) => ({
                'aria-label': t('table.page', { page: item }),
                'aria-current': item === state.page ? 'page' : undefined,
              })}
              getControlProps={(control) => ({
                'aria-label': t(`table.${control}Page`),
              })}
            />
          )}
        </Group>
      )}
    </Stack>
  );
}
