/** Every namespace of one language, as one chunk: a visit loads only the language it shows (lib/i18n.ts). */
const files = import.meta.glob<Record<string, unknown>>('./fi/*.json', { eager: true, import: 'default' });
export default Object.fromEntries(
  Object.entries(files).map(([file, data]) => [file.slice('./fi/'.length, -'.json'.length), data]),
);
