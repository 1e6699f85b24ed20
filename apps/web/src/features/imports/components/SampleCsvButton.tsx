import { Button } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Downloads a sample file with exactly the headers the import expects (made here, no server call). */
export function SampleCsvButton({ content, fileName }: { content: string; fileName: string }) {
  const { t } = useTranslation('imports');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${content}\n`], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <Button variant="default" leftSection={<IconFileDownload size={16} aria-hidden />} onClick={download}>
      {t('sample')}
    </Button>
  );
}
