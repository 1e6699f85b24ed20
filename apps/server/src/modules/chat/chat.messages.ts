import type { Catalogue } from '../../i18n/index.ts';

export const chatMessages: Catalogue = {
  en: {
    'chat.order_not_found': 'Order not found.',
    'chat.sent': 'Message sent.',
    'chat.seen': 'Messages marked as read.',
  },
  sv: {
    'chat.order_not_found': 'Ordern hittades inte.',
    'chat.sent': 'Meddelandet har skickats.',
    'chat.seen': 'Meddelandena är markerade som lästa.',
  },
  fi: {
    'chat.order_not_found': 'Tilausta ei löytynyt.',
    'chat.sent': 'Viesti lähetetty.',
    'chat.seen': 'Viestit merkitty luetuiksi.',
  },
};
