import type { Catalogue } from '../../i18n/index.ts';

export const confirmMessages: Catalogue = {
  en: {
    'orders.confirm.fixed': 'Thank you: the order is signed off as fixed.',
    'orders.confirm.recalled': 'Follow-up order {number} has been opened.',
    'orders.confirm.not_completed': 'Only a completed order can be signed off.',
    'orders.confirm.already': 'This order has already been signed off.',
    'orders.confirm.recall_description':
      'Follow-up to order {number}, which the store reports as not fixed: "{comment}"',
  },
  sv: {
    'orders.confirm.fixed': 'Tack! Ordern är kvitterad som åtgärdad.',
    'orders.confirm.recalled': 'Uppföljningsorder {number} har skapats.',
    'orders.confirm.not_completed': 'Bara en slutförd order kan kvitteras.',
    'orders.confirm.already': 'Den här ordern är redan kvitterad.',
    'orders.confirm.recall_description':
      'Uppföljning av order {number}, som butiken anger inte är åtgärdad: "{comment}"',
  },
  fi: {
    'orders.confirm.fixed': 'Kiitos! Tilaus on kuitattu korjatuksi.',
    'orders.confirm.recalled': 'Jatkotilaus {number} on avattu.',
    'orders.confirm.not_completed': 'Vain valmistuneen tilauksen voi kuitata.',
    'orders.confirm.already': 'Tämä tilaus on jo kuitattu.',
    'orders.confirm.recall_description':
      'Jatkoa tilaukselle {number}, jonka myymälä ilmoittaa yhä vialliseksi: "{comment}"',
  },
};
