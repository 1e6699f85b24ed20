// Runs dependency-cruiser with TypeScript 5 as its parser. The project compiles with TypeScript 7,
// whose JavaScript API dependency-cruiser cannot use yet; the `typescript5` package (an npm alias of
// typescript@5) stands in for `typescript` inside dependency-cruiser only.
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    const typescript = specifier === 'typescript' || specifier.startsWith('typescript/');
    if (typescript && context.parentURL?.includes('/node_modules/dependency-cruiser/')) {
      return nextResolve(specifier.replace('typescript', 'typescript5'), context);
    }
    return nextResolve(specifier, context);
  },
});

process.argv.splice(
  1,
  1,
  new URL('../node_modules/dependency-cruiser/bin/dependency-cruiser.mjs', import.meta.url).pathname,
);
await import(process.argv[1]);
