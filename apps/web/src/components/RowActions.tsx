import { ActionIcon } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Hint } from './Hint.tsx';

/** The edit and delete buttons of a table row; `name` makes their labels unique for screen readers. */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit?: () => void; onDelete?: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      {onEdit && (
        <Hint label={t('actions.edit')}>
          <ActionIcon variant="subtle" aria-label={`${t('actions.edit')} ${name}`} onClick={onEdit}>
            <IconEdit size={18} aria-hidden />
          </ActionIcon>
        </Hint>
      )}
      {onDelete && (
        <Hint label={t('actions.delete')}>
          <ActionIcon variant="subtle" color="red" aria-label={`${t('actions.delete')} ${name}`} onClick={onDelete}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Hint>
      )}
    </>
  );
}
