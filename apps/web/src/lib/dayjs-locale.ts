import dayjs from 'dayjs';
import 'dayjs/locale/fi';
import 'dayjs/locale/sv';
import { i18n } from './i18n.ts';

/**
 * Dates follow the interface language. Loaded with the signed-in shell (every screen that shows or
 * picks a date is inside it), so the sign-in page does not carry dayjs.
 */
dayjs.locale(i18n.language);
i18n.on('languageChanged', (lng) => dayjs.locale(lng));
