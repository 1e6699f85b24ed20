import {
  Accordion,
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconFileText, IconFolderPlus, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Category, CategoryUpload } from '@wop/shared/files';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDelete } from '../../../components/ConfirmDelete.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { Hint } from '../../../components/Hint.tsx';
import { useCan } from '../../../lib/current-user.ts';
import { notifyError, notifySuccess } from '../../../lib/errors.ts';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { categoriesQueryOptions, downloadCategoryFile, useDeleteCategory, useDeleteFile } from '../api/categories.ts';
import { CategoryForm } from '../components/CategoryForm.tsx';

type Deleting = null | { kind: 'category'; item: Category } | { kind: 'file'; item: CategoryUpload };

/** /upload-files: the manuals and files of the chains in the user's scope, grouped per chain. */
export function FilesPage() {
  const { t } = useTranslation('files');
  const canManage = useCan('category:manage');
  const groups = useQuery(categoriesQueryOptions());
  const [editing, setEditing] = useState<Category | null>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const deleteCategory = useDeleteCategory();
  const deleteFile = useDeleteFile();
  usePageHeader(
    t('title'),
    canManage ? (
      <Button component={Link} to="/upload-files/create" leftSection={<IconFolderPlus size={16} aria-hidden />}>
        {t('createFolder')}
      </Button>
    ) : null,
  );

  if (groups.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('loading')} />
      </Center>
    );
  }
  if (groups.isError) {
    return (
      <Alert color="red" title={t('loadError')}>
        <Button variant="light" onClick={() => groups.refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  }
  if (groups.data.length === 0) {
    return (
      <Card withBorder padding="xl">
        <Stack align="center" gap="sm">
          <Text c="dimmed">{t('empty')}</Text>
          {canManage && (
            <Button component={Link} to="/upload-files/create" variant="light">
              {t('createFolder')}
            </Button>
          )}
        </Stack>
      </Card>
    );
  }

  return (
    <>
      <Accordion multiple variant="separated" defaultValue={groups.data.map((g) => String(g.chain.id))}>
        {groups.data.map((group) => (
          <Accordion.Item key={group.chain.id} value={String(group.chain.id)}>
            <Accordion.Control>
              <Text fw={600}>{group.chain.chain_name}</Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="md">
                {group.data.map((category) => (
                  <Card key={category.id} withBorder padding="md" aria-label={category.title} component="section">
                    <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                      <div>
                        <Title order={3} size="h5">
                          {category.title}
                        </Title>
                        {category.sub_title && (
                          <Text size="sm" c="dimmed">
                            {category.sub_title}
                          </Text>
                        )}
                      </div>
                      {canManage && (
                        <Group gap="xs">
                          <Button
                            size="xs"
                            variant="light"
                            leftSection={<IconPaperclip size={14} aria-hidden />}
                            onClick={() => setEditing(category)}
                          >
                            {t('addFiles')}
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red.8"
                            c="red.9"
                            leftSection={<IconTrash size={14} aria-hidden />}
                            onClick={() => setDeleting({ kind: 'category', item: category })}
                          >
                            {t('deleteCategory')}
                          </Button>
                        </Group>
                      )}
                    </Group>
                    <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-line' }}>
                      {category.description}
                    </Text>
                    {category.uploads.length === 0 ? (
                      <Text size="sm" c="dimmed" mt="sm">
                        {t('empty')}
                      </Text>
                    ) : (
                      <Stack gap={4} mt="sm">
                        {category.uploads.map((file) => (
                          <Group key={file.id} gap="xs" wrap="nowrap">
                            <IconFileText size={16} aria-hidden />
                            <Anchor
                              component="button"
                              type="button"
                              size="sm"
                              onClick={() => downloadCategoryFile(file.id).catch(notifyError)}
                            >
                              {file.name}
                            </Anchor>
                            {canManage && (
                              <Hint label={t('deleteFile')}>
                                <ActionIcon
                                  size="sm"
                                  variant="subtle"
                                  color="red.8"
                                  aria-label={t('deleteFileNamed', { name: file.name })}
                                  onClick={() => setDeleting({ kind: 'file', item: file })}
                                >
                                  <IconTrash size={14} aria-hidden />
                                </ActionIcon>
                              </Hint>
                            )}
                          </Group>
                        ))}
                      </Stack>
                    )}
                  </Card>
                ))}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <FormDialog opened={editing !== null} onClose={() => setEditing(null)} title={t('editTitle')}>
        {editing && (
          <CategoryForm
            key={editing.id}
            category={editing}
            onDone={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        )}
      </FormDialog>
      <ConfirmDelete
        opened={deleting !== null}
        name={deleting?.kind === 'category' ? deleting.item.title : deleting?.item.name}
        message={deleting?.kind === 'category' ? t('deleteCategoryMessage') : undefined}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const answer =
            deleting.kind === 'category'
              ? await deleteCategory.mutateAsync(deleting.item.id)
              : await deleteFile.mutateAsync(deleting.item.id);
          notifySuccess(answer);
        }}
      />
    </>
  );
}
