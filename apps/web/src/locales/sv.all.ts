/**
 * Every namespace of one language in one file: a signed-in start's (lib/i18n.ts), one request instead of two. Read
 * as text, these are modules of their own: the JSON modules shared with sv.ts and sv.app.ts would be split into
 * further files.
 */
const files = import.meta.glob<string>('./sv/*.json', { eager: true, import: 'default', query: '?raw' });
export default Object.fromEntries(
  Object.entries(files).map(([file, text]) => [file.replace(/^.*\/|\.json$/g, ''), JSON.parse(text) as unknown]),
);
