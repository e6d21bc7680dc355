/**
 * Import rules for both apps (ARCHITECTURE.md, "Rules the linter enforces"). `npm run lint:deps` runs
 * them, and `npm test` runs that through `npm run lint`.
 *
 * API modules meet through each other's service (and error codes); a repository or table belongs to its
 * module. Table files may point at other modules' tables for foreign keys, and a repository that joins
 * another module's table takes it from `db/schema.ts`, the one place that lists every table.
 */
const API_MODULE = '^apps/api/src/modules/[^/]+/([^/]+)/';
/** Tests may read any table to check an outcome (an audit row, a queued mail). */
const TEST_FILE = '[.]test[.]tsx?$';
const WEB_FEATURE = '^apps/web/src/features/([^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A cycle means two pieces cannot be understood, tested or moved apart; split the shared part out.',
      from: {},
      // Tables that reference each other (a family's owner is a user, a user's family is a family) mirror
      // foreign keys in the database; drizzle resolves those references lazily.
      to: { circular: true, via: { pathNot: '[.]table[.]ts$' } },
    },
    {
      name: 'api-no-foreign-table',
      severity: 'error',
      comment:
        "Only table files reference another module's table (foreign keys); a repository that joins it imports it from db/schema.ts, and services, mappers and routes never touch another module's table.",
      from: { path: API_MODULE, pathNot: ['[.]table[.]ts$', TEST_FILE] },
      to: {
        path: '^apps/api/src/modules/[^/]+/[^/]+/[^/]+[.]table[.]ts$',
        pathNot: '^apps/api/src/modules/[^/]+/$1/',
      },
    },
    {
      name: 'api-front-door',
      severity: 'error',
      comment:
        'Another module is reached through its front door, index.ts (its manifest and the functions it offers), never its service, repository, routes or other files: what it does not export is its own business.',
      from: { path: API_MODULE, pathNot: ['[.]table[.]ts$', TEST_FILE] },
      to: {
        path: '^apps/api/src/modules/[^/]+/[^/]+/',
        pathNot: ['^apps/api/src/modules/[^/]+/$1/', '^apps/api/src/modules/[^/]+/[^/]+/index[.]ts$'],
      },
    },
    {
      name: 'api-front-door-outside-modules',
      severity: 'error',
      comment:
        'Code outside the modules (plugins, the seed, the command-line tools, the server) reaches a module through its index.ts too.',
      from: {
        path: '^apps/api/src/',
        // db/schema.ts lists every table file, for repositories' joins and tests' checks.
        pathNot: ['^apps/api/src/modules/', TEST_FILE, '^apps/api/src/db/schema[.]ts$'],
      },
      to: {
        path: '^apps/api/src/modules/[^/]+/[^/]+/',
        pathNot: '^apps/api/src/modules/[^/]+/[^/]+/index[.]ts$',
      },
    },
    {
      name: 'api-db-no-modules',
      severity: 'error',
      comment:
        "db/ (the engines, the migration of the schema) knows no module: reference data is each manifest's, run by migrateDatabase in modules/registry.ts; drizzle-kit reads the table files by a glob. Only db/schema.ts lists the table files.",
      from: { path: '^apps/api/src/db/', pathNot: ['^apps/api/src/db/schema[.]ts$', TEST_FILE] },
      to: { path: '^apps/api/src/modules/' },
    },
    {
      name: 'api-views-handed-records',
      severity: 'error',
      comment:
        "The timeline, the home page, search and a pet's open work import no record: they are handed the records' sources (each manifest's timeline, home and attention), through their route options, by app.ts from modules/registry.ts. (Weekly reports still read records through their index.ts.)",
      from: { path: '^apps/api/src/modules/views/(timeline|home|search|pet-attention)/', pathNot: TEST_FILE },
      to: { path: '^apps/api/src/modules/records/' },
    },
    {
      name: 'api-manifest-in-registry',
      severity: 'error',
      comment:
        "A module's manifest is read by modules/registry.ts alone: app.ts, the migration and the views get what they need from the registry, so a new module registers in one list.",
      from: { pathNot: ['^apps/api/src/modules/registry[.]ts$', TEST_FILE] },
      to: { path: '^apps/api/src/modules/[^/]+/[^/]+/[^/]+[.]manifest[.]ts$' },
    },
    {
      name: 'api-schema-in-repositories',
      severity: 'error',
      comment:
        "db/schema.ts (every table) is for repositories' joins; a service or route that needs another module's data calls that module's service.",
      from: { path: API_MODULE, pathNot: ['[.]repository[.]ts$', '[.]table[.]ts$', TEST_FILE] },
      to: { path: '^apps/api/src/db/schema[.]ts$', dependencyTypesNot: ['type-only'] },
    },
    // Tiers (docs/architecture/modules.md): views → records → core → platform → db, lib, policy. A table
    // file may name any table: foreign keys mirror the database, whatever the tier.
    {
      name: 'api-tier-platform',
      severity: 'error',
      comment:
        'A platform module (audit, events, mail, jobs, files…) serves every other tier and knows none of them: take what it needs as an argument.',
      from: { path: '^apps/api/src/modules/platform/', pathNot: ['[.]table[.]ts$', TEST_FILE] },
      to: { path: '^apps/api/src/modules/(core|records|views)/' },
    },
    {
      name: 'api-tier-core',
      severity: 'error',
      comment:
        'A core module (pets, vets, users, auth…) is what records hang off; it never reads a record or a view.',
      from: { path: '^apps/api/src/modules/core/', pathNot: ['[.]table[.]ts$', TEST_FILE] },
      to: { path: '^apps/api/src/modules/(records|views)/' },
    },
    {
      name: 'api-tier-records',
      severity: 'error',
      comment:
        'A record never reads a view (timeline, home, weekly reports, search): views are handed their sources.',
      from: { path: '^apps/api/src/modules/records/', pathNot: ['[.]table[.]ts$', TEST_FILE] },
      to: { path: '^apps/api/src/modules/views/' },
    },
    {
      name: 'api-shared-code-no-modules',
      severity: 'error',
      comment: 'lib/ is shared by every module and knows none of them.',
      from: { path: '^apps/api/src/lib/' },
      to: { path: '^apps/api/src/modules/' },
    },
    {
      name: 'web-features-independent',
      severity: 'error',
      comment:
        'A feature never imports another feature; what two features share moves to components/ or lib/.',
      from: { path: WEB_FEATURE },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-no-features',
      severity: 'error',
      comment: 'components/ and lib/ are shared by every feature and know none of them.',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/(features|routes)/' },
    },
    {
      name: 'web-no-api',
      severity: 'error',
      comment: 'The web app talks to the API over HTTP only; shared types and rules live in the contract.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import the cruiser cannot resolve would slip past every rule above (a new alias, a typo).',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'contract-standalone',
      severity: 'error',
      comment: 'The contract is shared by both apps and depends on neither.',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/|routeTree[.]gen[.]ts$' },
    tsPreCompilationDeps: true,
    // The web app's `@/` alias; the API and the contract use relative paths and the package name.
    tsConfig: { fileName: `${__dirname}/tsconfig.depcruise.json` },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
