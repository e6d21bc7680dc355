/**
 * Module-level cycles in the API: two modules (folders) that use each other are one module in two
 * places. Files that exist to list or link every table (db/, *.table.ts) are left out: db/schema.ts
 * gathers every module's table, and tables reference each other for foreign keys, which would make
 * every module "use" every other one. plugins/ is left out too: it is the framework glue on both sides
 * of a request (the auth hook calls auth; routes read the actor the hook set).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'api-no-circular-between-modules',
      severity: 'error',
      comment:
        'Modules call each other one way only: move the shared read to the module that owns the data, or make the two one module with sub-modules.',
      scope: 'folder',
      from: { path: '^apps/api/src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|^apps/api/src/(db|plugins)/|[.]table[.]ts$|[.]test[.]ts$' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
