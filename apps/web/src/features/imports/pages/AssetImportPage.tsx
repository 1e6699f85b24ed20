import { List, Text } from '@mantine/core';
import { ASSET_IMPORT_COLUMNS, ASSET_IMPORT_SAMPLE } from '@wop/shared/assets';
import { useTranslation } from 'react-i18next';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { ASSET_IMPORTS_KEY, getAssetImports, useImportAssets } from '../api/imports.ts';
import { ImportRecords } from '../components/ImportRecords.tsx';

/** /assets/import: past asset imports of the caller's chains, the import dialog and the sample file. */
export function AssetImportPage() {
  const { t } = useTranslation('imports');
  const importer = useImportAssets();
  usePageHeader(t('assets.title'), null);
  return (
    <ImportRecords
      title={t('assets.title')}
      importLabel={t('assets.import')}
      queryKey={ASSET_IMPORTS_KEY}
      queryFn={getAssetImports}
      sample={ASSET_IMPORT_SAMPLE}
      sampleName="assets-sample.csv"
      importer={importer}
      rules={
        <>
          <Text size="sm" mb={4}>
            {t('columnsLabel')}: <code>{ASSET_IMPORT_COLUMNS.join(', ')}</code>
          </Text>
          <List size="sm" mb="md" spacing={2}>
            <List.Item>{t('assets.ruleRequired')}</List.Item>
            <List.Item>{t('assets.ruleNames')}</List.Item>
            <List.Item>{t('assets.ruleValues')}</List.Item>
            <List.Item>{t('assets.ruleTag')}</List.Item>
          </List>
        </>
      }
    />
  );
}
