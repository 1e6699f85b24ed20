import type { Catalogue } from '../../i18n/index.ts';

export const rolesMessages: Catalogue = {
  en: {
    'roles.not_found': 'Role not found.',
    'roles.created': 'Role created successfully.',
    'roles.updated': 'Role updated successfully.',
    'roles.deleted': 'Role deleted successfully.',
    'roles.builtin_slug': 'The slug of a built-in role cannot be changed.',
    'roles.builtin_delete': 'Built-in roles cannot be deleted.',
    'roles.in_use': 'This role is held by {count} user(s). Give them another role first.',
  },
  sv: {
    'roles.not_found': 'Rollen hittades inte.',
    'roles.created': 'Rollen har skapats.',
    'roles.updated': 'Rollen har uppdaterats.',
    'roles.deleted': 'Rollen har tagits bort.',
    'roles.builtin_slug': 'Slug för en inbyggd roll kan inte ändras.',
    'roles.builtin_delete': 'Inbyggda roller kan inte tas bort.',
    'roles.in_use': 'Rollen innehas av {count} användare. Ge dem en annan roll först.',
  },
  fi: {
    'roles.not_found': 'Roolia ei löytynyt.',
    'roles.created': 'Rooli luotiin.',
    'roles.updated': 'Rooli päivitettiin.',
    'roles.deleted': 'Rooli poistettiin.',
    'roles.builtin_slug': 'Sisäänrakennetun roolin tunnistetta ei voi muuttaa.',
    'roles.builtin_delete': 'Sisäänrakennettuja rooleja ei voi poistaa.',
    'roles.in_use': 'Roolilla on {count} käyttäjää. Anna heille ensin toinen rooli.',
  },
};
