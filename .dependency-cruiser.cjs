/**
 * Boundaries that review alone would not hold (`npm run boundaries`, run by CI):
 * - a web feature imports only components/, lib/, entities/, the shared package and its own files;
 *   composition across features happens in app/;
 * - shared web code (components/, lib/, entities/) imports no feature and not app/;
 * - a server module never imports another module's routes (modules/index.ts registers them all);
 * - server lib/ and db/ import no module.
 */
/** A rule that fails the check when a file below `from` imports one below `to` (but not below `toNot`). */
const forbid = (name, comment, from, to, toNot) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from },
  to: toNot ? { path: to, pathNot: toNot } : { path: to },
});

module.exports = {
  forbidden: [
    forbid(
      'web-feature-to-other-feature',
      'Move what several features need to components/ or entities/, or compose in app/.',
      '^apps/web/src/features/([^/]+)/',
      '^apps/web/src/features/',
      '^apps/web/src/features/$1/',
    ),
    forbid(
      'web-feature-to-nested-feature',
      'A feature is one level: api/, components/, pages/. A folder with its own api/ or components/ inside a feature is another feature.',
      '^apps/web/src/features/',
      '^apps/web/src/features/[^/]+/[^/]+/(api|components|pages)/',
    ),
    forbid(
      'web-feature-to-app',
      'app/ composes features; a feature does not reach back into it.',
      '^apps/web/src/features/',
      '^apps/web/src/app/',
    ),
    forbid(
      'web-shared-code-to-features',
      'components/, lib/ and entities/ serve every feature and know none of them.',
      '^apps/web/src/(components|lib|entities)/',
      '^apps/web/src/(features|app)/',
    ),
    forbid(
      'server-module-to-other-routes',
      'Routes are HTTP wiring only; share services, repositories or schemas instead.',
      '^apps/server/src/modules/([^/]+)/',
      '^apps/server/src/modules/[^/]+/[^/]+\\.routes\\.ts$',
      '^apps/server/src/modules/$1/',
    ),
    forbid(
      'server-lib-to-modules',
      'lib/, db/ and plugins/ are below the feature modules.',
      '^apps/server/src/(lib|db|plugins)/',
      '^apps/server/src/modules/',
    ),
    forbid(
      'shared-package-to-apps',
      'The shared package serves both apps and knows neither.',
      '^packages/shared/',
      '^apps/',
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
