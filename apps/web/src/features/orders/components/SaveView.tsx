import { Button, Group, Popover, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { schemaResolver } from '../../../lib/forms.ts';
import { VIEW_NAME_MAX } from './order-views.ts';

const nameForm = z.object({ name: z.string().trim().min(1).max(VIEW_NAME_MAX) });

/** "Save view": asks for the view's name in a small popover. */
export function SaveView({ onSave }: { onSave: (name: string) => void }) {
  const { t } = useTranslation('orders');
  const [opened, setOpened] = useState(false);
  const form = useForm({
    initialValues: { name: '' },
    validate: schemaResolver(nameForm, { name: 'orders:views.name' }),
  });
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus position="bottom-start" shadow="md">
      <Popover.Target>
        <Button
          size="xs"
          radius="xl"
          variant="subtle"
          leftSection={<IconDeviceFloppy size={14} aria-hidden />}
          onClick={() => setOpened((open) => !open)}
        >
          {t('views.save')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form noValidate onSubmit={form.onSubmit(({ name }) => onSave(name.trim()))}>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              size="xs"
              w={200}
              withAsterisk
              data-autofocus
              label={t('views.name')}
              {...form.getInputProps('name')}
            />
            <Button type="submit" size="xs" mt={22}>
              {t('common:actions.save')}
            </Button>
          </Group>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
