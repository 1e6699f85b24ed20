import { Card } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { CategoryForm } from '../components/CategoryForm.tsx';

/** /upload-files/create (super-admin): a new folder of manuals for a chain, with its first files. */
export function CreateFolderPage() {
  const { t } = useTranslation('files');
  const navigate = useNavigate();
  usePageHeader(t('createFolder'), null);
  return (
    <Card withBorder padding="lg" maw={880}>
      <CategoryForm onDone={() => navigate('/upload-files')} onCancel={() => navigate('/upload-files')} />
    </Card>
  );
}
