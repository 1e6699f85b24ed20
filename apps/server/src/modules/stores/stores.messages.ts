import type { Catalogue } from '../../i18n/index.ts';

export const storesMessages: Catalogue = {
  en: {
    'stores.not_found': 'Store not found.',
    'stores.created': 'Store created successfully.',
    'stores.updated': 'Store updated successfully.',
    'stores.deleted': 'Store deleted successfully.',
    'stores.has_orders': 'This store still has {count} order(s) and cannot be deleted.',
    'stores.has_users': '{count} user(s) are still bound to this store. Change them first.',
    'stores.chain_without_regions': 'must be empty: the chain has no regions',
    'stores.region_other_chain': 'does not belong to the selected chain',
    'stores.chain_locked': 'cannot be changed',
  },
  sv: {
    'stores.not_found': 'Butiken hittades inte.',
    'stores.created': 'Butiken har skapats.',
    'stores.updated': 'Butiken har uppdaterats.',
    'stores.deleted': 'Butiken har tagits bort.',
    'stores.has_orders': 'Butiken har fortfarande {count} order och kan inte tas bort.',
    'stores.has_users': '{count} användare är fortfarande kopplade till butiken. Ändra dem först.',
    'stores.chain_without_regions': 'ska vara tomt: kedjan har inga regioner',
    'stores.region_other_chain': 'hör inte till den valda kedjan',
    'stores.chain_locked': 'kan inte ändras',
  },
  fi: {
    'stores.not_found': 'Myymälää ei löytynyt.',
    'stores.created': 'Myymälä luotiin.',
    'stores.updated': 'Myymälä päivitettiin.',
    'stores.deleted': 'Myymälä poistettiin.',
    'stores.has_orders': 'Myymälällä on vielä {count} tilausta, joten sitä ei voi poistaa.',
    'stores.has_users': 'Myymälään on yhä liitetty {count} käyttäjää. Muuta heidän tietonsa ensin.',
    'stores.chain_without_regions': 'on jätettävä tyhjäksi: ketjulla ei ole alueita',
    'stores.region_other_chain': 'ei kuulu valittuun ketjuun',
    'stores.chain_locked': 'ei voi muuttaa',
  },
};
