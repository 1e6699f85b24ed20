import type { Catalogue } from '../../i18n/index.ts';

export const regionsMessages: Catalogue = {
  en: {
    'regions.not_found': 'Region not found.',
    'regions.created': 'Region created successfully.',
    'regions.updated': 'Region updated successfully.',
    'regions.deleted': 'Region deleted successfully.',
    'regions.chain_without_regions': 'This chain is set up without regions. Turn regions on for the chain first.',
    'regions.has_stores': 'This region still has {count} store(s). Move or delete them first.',
    'regions.has_users': '{count} user(s) are still bound to this region. Change them first.',
    'regions.has_orders': 'This region still has {count} order(s) and cannot be deleted.',
  },
  sv: {
    'regions.not_found': 'Regionen hittades inte.',
    'regions.created': 'Regionen har skapats.',
    'regions.updated': 'Regionen har uppdaterats.',
    'regions.deleted': 'Regionen har tagits bort.',
    'regions.chain_without_regions': 'Kedjan är inställd utan regioner. Slå på regioner för kedjan först.',
    'regions.has_stores': 'Regionen har fortfarande {count} butik(er). Flytta eller ta bort dem först.',
    'regions.has_users': '{count} användare är fortfarande kopplade till regionen. Ändra dem först.',
    'regions.has_orders': 'Regionen har fortfarande {count} order och kan inte tas bort.',
  },
  fi: {
    'regions.not_found': 'Aluetta ei löytynyt.',
    'regions.created': 'Alue luotiin.',
    'regions.updated': 'Alue päivitettiin.',
    'regions.deleted': 'Alue poistettiin.',
    'regions.chain_without_regions': 'Ketjulla ei ole alueita käytössä. Ota alueet ensin käyttöön ketjulle.',
    'regions.has_stores': 'Alueella on vielä {count} myymälää. Siirrä tai poista ne ensin.',
    'regions.has_users': 'Alueeseen on yhä liitetty {count} käyttäjää. Muuta heidän tietonsa ensin.',
    'regions.has_orders': 'Alueella on vielä {count} tilausta, joten sitä ei voi poistaa.',
  },
};
