import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import type { ExportType } from '@wop/shared/constants';
import type { Permission } from '@wop/shared/roles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { openDownload, type QueryParams } from '../lib/api.ts';
import { useCan } from '../lib/current-user.ts';
import { notifyError, notifySuccess } from '../lib/errors.ts';

const PERMISSION: Record<ExportType, Permission> = {
  UsersExport: 'export:users',
  StoresExport: 'export:stores',
  OrdersExport: 'export:orders',
  ChainsExport: 'export:chains',
  RegionsExport: 'export:regions',
  AssetsExport: 'export:assets',
  VisitsExport: 'export:visits',
  InvoicesExport: 'export:invoices',
};

/** List state that is not a filter: the export holds every matching row. */
const NOT_FILTERS = new Set(['page', 'limit']);

/**
 * Exports a list as a spreadsheet with the list's current filters (its URL parameters, plus
 * `filters` for what is not in the URL, such as the chain in chain mode). Opens
 * GET /api/export with a short-lived download token; hidden for roles that may not export.
 */
export function ExportButton({
  type,
  filters,
  format,
}: {
  type: ExportType;
  filters?: QueryParams;
  format?: 'xlsx' | 'csv';
}) {
  const { t } = useTranslation('exports');
  const allowed = useCan(PERMISSION[type]);
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  if (!allowed) return null;

  const run = async () => {
    setBusy(true);
    try {
      const fromUrl: QueryParams = {};
      for (const [key, value] of params) if (!NOT_FILTERS.has(key)) fromUrl[key] = value;
      await openDownload('/export', { ...fromUrl, ...filters, type, format });
      notifySuccess(t('exported'));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="default"
      leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
      loading={busy}
      onClick={run}
      data-export-type={type}
    >
      {t(format === 'csv' ? 'exportCsv' : 'export')}
    </Button>
  );
}
