/** The sign-in page's namespaces of one language, loaded before the first render (lib/i18n.ts); the rest is en.app.ts. */
const files = import.meta.glob<Record<string, unknown>>(['./en/common.json', './en/auth.json'], {
  eager: true,
  import: 'default',
});
export default Object.fromEntries(
  Object.entries(files).map(([file, data]) => [file.replace(/^.*\/|\.json$/g, ''), data]),
);
