import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { assetListPath, assetPath } from '../../../entities/assets.ts';
import { isApiError } from '../../../lib/api.ts';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { assetByTagQueryOptions } from '../api/assets.ts';

/**
 * /assets/tag/{tag}: where a label's QR code leads. The asset's page once the tag is found; a tag
 * the caller sees in several chains opens the list searched for it.
 */
export function AssetTagPage() {
  const { t } = useTranslation('assets');
  const tag = useParams().tag ?? '';
  usePageHeader(t('title'), null);
  const found = useQuery({ ...assetByTagQueryOptions(tag), meta: { silent: true } });
  if (found.data) return <Navigate to={assetPath(found.data.id)} replace />;
  if (found.isError) {
    if (isApiError(found.error) && found.error.status === 409)
      return <Navigate to={assetListPath({ q: tag })} replace />;
    return (
      <Alert color="red" title={t('tagNotFound', { tag })}>
        <Stack gap="xs" align="flex-start">
          {found.error.message}
          <Button component={Link} to="/assets" variant="white" color="red" size="xs">
            {t('backToList')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <Skeleton h={240} radius="md" />;
}
