import type { Catalogue } from '../../i18n/index.ts';

export const worktypesMessages: Catalogue = {
  en: {
    'worktypes.not_found': 'Work type not found.',
    'worktypes.created': 'Work type created successfully.',
    'worktypes.updated': 'Work type updated successfully.',
    'worktypes.deleted': 'Work type deleted successfully.',
    'worktypes.in_use': 'This work type is used by {count} order(s) and cannot be deleted.',
  },
  sv: {
    'worktypes.not_found': 'Arbetstypen hittades inte.',
    'worktypes.created': 'Arbetstypen har skapats.',
    'worktypes.updated': 'Arbetstypen har uppdaterats.',
    'worktypes.deleted': 'Arbetstypen har tagits bort.',
    'worktypes.in_use': 'Arbetstypen används av {count} order och kan inte tas bort.',
  },
  fi: {
    'worktypes.not_found': 'Työtyyppiä ei löytynyt.',
    'worktypes.created': 'Työtyyppi luotiin.',
    'worktypes.updated': 'Työtyyppi päivitettiin.',
    'worktypes.deleted': 'Työtyyppi poistettiin.',
    'worktypes.in_use': 'Työtyyppiä käytetään {count} tilauksessa, eikä sitä voi poistaa.',
  },
};
