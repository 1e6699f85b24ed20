/**
 * Boundaries that review alone would not hold (`npm run boundaries`, run by CI):
 * - a web feature imports only components/, lib/, entities/, the shared package and its own files;
 *   composition across features happens in app/;
 * - shared web code (components/, lib/, entities/) imports no feature and not app/;
 * - a server module never imports another module's routes (modules/index.ts registers them all);
 * - server lib/ and db/ import no module.
 */
module.exports = {
  forbidden: [
    {
      name: 'web-feature-to-other-feature',
      comment: 'Move what several features need to components/ or entities/, or compose in app/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-feature-to-nested-feature',
      comment:
        'A feature is one level: api/, components/, pages/. A folder with its own api/ or components/ inside a feature is another feature.',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/features/[^/]+/[^/]+/(api|components|pages)/' },
    },
    {
      name: 'web-feature-to-app',
      comment: 'app/ composes features; a feature does not reach back into it.',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-shared-code-to-features',
      comment: 'components/, lib/ and entities/ serve every feature and know none of them.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib|entities)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'server-module-to-other-routes',
      comment: 'Routes are HTTP wiring only; share services, repositories or schemas instead.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: { path: '^apps/server/src/modules/[^/]+/[^/]+\\.routes\\.ts$', pathNot: '^apps/server/src/modules/$1/' },
    },
    {
      name: 'server-lib-to-modules',
      comment: 'lib/, db/ and plugins/ are below the feature modules.',
      severity: 'error',
      from: { path: '^apps/server/src/(lib|db|plugins)/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'shared-package-to-apps',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
