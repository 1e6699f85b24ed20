import type { Catalogue } from '../../i18n/index.ts';

export const usersMessages: Catalogue = {
  en: {
    'users.not_found': 'User not found.',
    'users.created': 'User created successfully.',
    'users.updated': 'User updated successfully.',
    'users.deleted': 'User deleted successfully.',
    'users.delete_self': 'You cannot delete your own account.',
    'users.own_role': 'cannot be changed for your own account',
  },
  sv: {
    'users.not_found': 'Användaren hittades inte.',
    'users.created': 'Användaren har skapats.',
    'users.updated': 'Användaren har uppdaterats.',
    'users.deleted': 'Användaren har tagits bort.',
    'users.delete_self': 'Du kan inte ta bort ditt eget konto.',
    'users.own_role': 'kan inte ändras för ditt eget konto',
  },
  fi: {
    'users.not_found': 'Käyttäjää ei löytynyt.',
    'users.created': 'Käyttäjä luotiin.',
    'users.updated': 'Käyttäjä päivitettiin.',
    'users.deleted': 'Käyttäjä poistettiin.',
    'users.delete_self': 'Et voi poistaa omaa tiliäsi.',
    'users.own_role': 'omaa rooliasi ei voi muuttaa',
  },
};
