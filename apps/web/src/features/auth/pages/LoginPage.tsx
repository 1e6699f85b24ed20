import { Alert, Anchor, Box, Center, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { DEFAULT_LOCALE, LOCALES, LOGIN_PATHS, type Locale } from '@wop/shared/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { TitleBlock } from '../../../components/TitleBlock.tsx';
import { hasStoredLanguage, LANGUAGE_NAMES, setLanguage, showLanguage } from '../../../lib/i18n.ts';
import { APP_NAME } from '../../../lib/page-header.tsx';
import { getToken, sessionEnded } from '../../../lib/session.ts';
import { LoginForm } from '../components/LoginForm.tsx';

/** `/login` (English), `/se/login` (Swedish), `/fn/login` (Finnish): the route sets the language. */
export function LoginPage({ lng }: { lng: Locale }) {
  const { t, i18n } = useTranslation(['auth', 'common']);
  // Only someone already signed in when arriving is sent on; a fresh sign-in navigates itself.
  const [signedInOnArrival] = useState(() => getToken() !== null);
  const [expired] = useState(sessionEnded);

  // A language's own sign-in page is a choice; plain /login, where everyone lands, shows English without
  // taking it as one, so that a browser with no choice signs in to the language its user last used.
  useEffect(() => {
    void (lng === DEFAULT_LOCALE && !hasStoredLanguage() ? showLanguage(lng, 'sign-in') : setLanguage(lng, 'sign-in'));
  }, [lng]);

  useEffect(() => {
    document.title = `${t('login.title')} · ${t('common:appName', { defaultValue: APP_NAME })}`;
  }, [t]);

  if (signedInOnArrival) return <Navigate to="/" replace />;

  return (
    <Box
      component="main"
      mih="100dvh"
      px="md"
      py="xl"
      style={{ background: 'linear-gradient(160deg, var(--mantine-color-brand-0) 0%, #f8f9fb 55%, #eef1f5 100%)' }}
    >
      <Center mih="calc(100dvh - 2 * var(--mantine-spacing-xl))">
        <Stack w="100%" maw={420} gap="lg">
          <Group gap="sm" justify="center">
            <ThemeIcon size={44} radius="md" aria-hidden>
              <IconTool size={26} />
            </ThemeIcon>
            <Stack gap={0}>
              <Text fw={700} size="lg" lh={1.2}>
                {t('common:appName')}
              </Text>
              <Text size="sm" c="dimmed" lh={1.3}>
                {t('common:appTagline')}
              </Text>
            </Stack>
          </Group>
          <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 'xl' }}>
            <Stack gap="lg">
              <TitleBlock order={1} size="h2" title={t('login.title')}>
                {t('login.subtitle')}
              </TitleBlock>
              {expired && (
                <Alert color="yellow" variant="light" title={t('login.sessionExpired')} role="status">
                  {t('login.sessionExpiredText')}
                </Alert>
              )}
              {/* The form waits for the route's language: a message it words before would stay in the other one. */}
              {i18n.language === lng ? <LoginForm /> : <Box h={230} />}
            </Stack>
          </Paper>
          <Group component="nav" justify="center" gap="lg" aria-label={t('login.language')}>
            {LOCALES.map((code) => (
              <Anchor
                key={code}
                component={Link}
                to={LOGIN_PATHS[code]}
                lang={code}
                size="sm"
                fw={code === lng ? 700 : 500}
                c={code === lng ? 'dark' : 'brand.8'}
                aria-current={code === lng ? 'page' : undefined}
                underline={code === lng ? 'never' : 'hover'}
              >
                {LANGUAGE_NAMES[code]}
              </Anchor>
            ))}
          </Group>
        </Stack>
      </Center>
    </Box>
  );
}
