import { STORE_IMPORT_SAMPLE } from '@wop/shared/imports';
import { useTranslation } from 'react-i18next';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { getStoreImports, STORE_IMPORTS_KEY, useImportStores } from '../api/imports.ts';
import { ImportRecords } from '../components/ImportRecords.tsx';

/** /stores/import: past imports (failed attempts too), the import dialog and the sample file. */
export function StoreImportPage() {
  const { t } = useTranslation('imports');
  const importer = useImportStores();
  usePageHeader(t('stores.title'), null);
  return (
    <ImportRecords
      title={t('stores.title')}
      importLabel={t('stores.import')}
      queryKey={STORE_IMPORTS_KEY}
      queryFn={getStoreImports}
      sample={STORE_IMPORT_SAMPLE}
      sampleName="stores-sample.csv"
      importer={importer}
    />
  );
}
