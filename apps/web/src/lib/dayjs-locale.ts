import dayjs from 'dayjs';
import 'dayjs/locale/fi';
import 'dayjs/locale/sv';
import { i18n } from './i18n.ts';

/**
 * The date pickers (dayjs underneath) follow the interface language. Imported by each module that
 * draws a picker, so no page carries dayjs before a picker is used; lib/dates.ts formats without it.
 */
dayjs.locale(i18n.language);
i18n.on('languageChanged', (lng) => dayjs.locale(lng));
