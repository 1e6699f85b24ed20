import { Button, Group, Paper, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { type OncallDirectory, type OncallLine, serviceDeskBody } from '@wop/shared/phonein';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../../components/ConfirmDelete.tsx';
import { RowActions } from '../../../components/RowActions.tsx';
import { notifySuccess } from '../../../lib/errors.ts';
import { fieldLabels, saveOnSubmit, schemaResolver } from '../../../lib/forms.ts';
import { useDeleteOncallLine, useSaveServiceDesk } from '../api/oncall.ts';
import { OncallLineFormDialog } from './OncallLineFormDialog.tsx';

const deskLabels = fieldLabels('jour', ['service_desk_phone']);

/** For super-admin and admin: the service desk number and the on-call lines, added, edited and deleted. */
export function OncallEditor({ directory }: { directory: OncallDirectory }) {
  const { t } = useTranslation('jour');
  const [dialog, setDialog] = useState<null | { id: number | null }>(null);
  const [deleting, setDeleting] = useState<OncallLine | null>(null);
  const remove = useDeleteOncallLine();
  const saveDesk = useSaveServiceDesk();
  const desk = useForm({
    mode: 'controlled',
    initialValues: { service_desk_phone: directory.service_desk_phone },
    validate: schemaResolver(serviceDeskBody, deskLabels),
  });
  const submitDesk = saveOnSubmit(desk, deskLabels, (values) => saveDesk.mutateAsync(values.service_desk_phone), {
    keepValues: true,
  });
  const nameOf = (line: OncallLine) => `${line.partner} (${line.city}, ${line.work_type?.title ?? t('allTrades')})`;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="oncall-editor">
      <Stack gap="md">
        <Title order={2} size="h3" id="oncall-editor">
          {t('edit.title')}
        </Title>
        <form onSubmit={submitDesk} noValidate>
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('fields.service_desk_phone')}
              type="tel"
              withAsterisk
              {...desk.getInputProps('service_desk_phone')}
            />
            <Button type="submit" loading={saveDesk.isPending}>
              {t('edit.saveDesk')}
            </Button>
          </Group>
        </form>
        <Group justify="space-between">
          <Text fw={600}>{t('lines')}</Text>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ id: null })}>
            {t('edit.add')}
          </Button>
        </Group>
        <Table.ScrollContainer minWidth={600}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('fields.city')}</Table.Th>
                <Table.Th scope="col">{t('fields.work_type_id')}</Table.Th>
                <Table.Th scope="col">{t('fields.partner')}</Table.Th>
                <Table.Th scope="col">{t('fields.phone')}</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{t('common:actions.edit')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {directory.lines.map((line) => (
                <Table.Tr key={line.id}>
                  <Table.Td>{line.city}</Table.Td>
                  <Table.Td>{line.work_type?.title ?? t('allTrades')}</Table.Td>
                  <Table.Td>{line.partner}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{line.phone}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <RowActions
                        name={nameOf(line)}
                        onEdit={() => setDialog({ id: line.id })}
                        onDelete={() => setDeleting(line)}
                      />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      <OncallLineFormDialog opened={dialog !== null} id={dialog?.id ?? null} onClose={() => setDialog(null)} />
      <ConfirmDelete
        opened={deleting !== null}
        name={deleting ? nameOf(deleting) : undefined}
        onClose={() => setDeleting(null)}
        onConfirm={async () => deleting && notifySuccess(await remove.mutateAsync(deleting.id))}
      />
    </Paper>
  );
}
