/** Every other namespace of one language: loaded with the signed-in app, or when the language is switched to. */
const files = import.meta.glob<Record<string, unknown>>(['./fi/*.json', '!./fi/common.json', '!./fi/auth.json'], {
  eager: true,
  import: 'default',
});
export default Object.fromEntries(
  Object.entries(files).map(([file, data]) => [file.replace(/^.*\/|\.json$/g, ''), data]),
);
