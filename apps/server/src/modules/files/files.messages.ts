import type { Catalogue } from '../../i18n/index.ts';

export const filesMessages: Catalogue = {
  en: {
    'files.category_not_found': 'Category not found.',
    'files.file_not_found': 'File not found.',
    'files.category_created': 'Category uploaded successfully.',
    'files.category_updated': 'Category updated successfully.',
    'files.category_deleted': 'Category deleted successfully.',
    'files.file_deleted': 'File deleted successfully.',
  },
  sv: {
    'files.category_not_found': 'Kategorin hittades inte.',
    'files.file_not_found': 'Filen hittades inte.',
    'files.category_created': 'Kategorin har laddats upp.',
    'files.category_updated': 'Kategorin har uppdaterats.',
    'files.category_deleted': 'Kategorin har tagits bort.',
    'files.file_deleted': 'Filen har tagits bort.',
  },
  fi: {
    'files.category_not_found': 'Kategoriaa ei löytynyt.',
    'files.file_not_found': 'Tiedostoa ei löytynyt.',
    'files.category_created': 'Kategoria ladattiin.',
    'files.category_updated': 'Kategoria päivitettiin.',
    'files.category_deleted': 'Kategoria poistettiin.',
    'files.file_deleted': 'Tiedosto poistettiin.',
  },
};
