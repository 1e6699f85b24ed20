import type { Catalogue } from '../../i18n/index.ts';

export const chainsMessages: Catalogue = {
  en: {
    'chains.not_found': 'Chain not found.',
    'chains.created': 'Chain created successfully.',
    'chains.updated': 'Chain updated successfully.',
    'chains.deleted': 'Chain deleted successfully.',
    'chains.has_stores': 'This chain still has {count} store(s). Delete or move them first.',
    'chains.has_orders': 'This chain still has {count} order(s) and cannot be deleted.',
    'chains.has_users': '{count} user(s) are still bound to this chain or its regions. Change them first.',
    'chains.has_categories': 'This chain still has {count} file category(ies). Delete them first.',
    'chains.regions_left': 'cannot be turned off while the chain has regions',
  },
  sv: {
    'chains.not_found': 'Kedjan hittades inte.',
    'chains.created': 'Kedjan har skapats.',
    'chains.updated': 'Kedjan har uppdaterats.',
    'chains.deleted': 'Kedjan har tagits bort.',
    'chains.has_stores': 'Kedjan har fortfarande {count} butik(er). Ta bort eller flytta dem först.',
    'chains.has_orders': 'Kedjan har fortfarande {count} order och kan inte tas bort.',
    'chains.has_users': '{count} användare är fortfarande kopplade till kedjan eller dess regioner. Ändra dem först.',
    'chains.has_categories': 'Kedjan har fortfarande {count} filkategori(er). Ta bort dem först.',
    'chains.regions_left': 'kan inte stängas av så länge kedjan har regioner',
  },
  fi: {
    'chains.not_found': 'Ketjua ei löytynyt.',
    'chains.created': 'Ketju luotiin.',
    'chains.updated': 'Ketju päivitettiin.',
    'chains.deleted': 'Ketju poistettiin.',
    'chains.has_stores': 'Ketjulla on vielä {count} myymälää. Poista tai siirrä ne ensin.',
    'chains.has_orders': 'Ketjulla on vielä {count} tilausta, joten sitä ei voi poistaa.',
    'chains.has_users': 'Ketjuun tai sen alueisiin on yhä liitetty {count} käyttäjää. Muuta heidän tietonsa ensin.',
    'chains.has_categories': 'Ketjulla on vielä {count} tiedostokategoriaa. Poista ne ensin.',
    'chains.regions_left': 'ei voi poistaa käytöstä, kun ketjulla on alueita',
  },
};
