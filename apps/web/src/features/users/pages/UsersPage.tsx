import { useTranslation } from 'react-i18next';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { UsersList } from '../components/UsersList.tsx';

/** /users: the users of the caller's scope. */
export function UsersPage() {
  const { t } = useTranslation('users');
  usePageHeader(t('title'), null);
  return <UsersList />;
}
