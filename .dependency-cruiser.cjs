/**
 * The architecture's dependency rule, checked by `npm run lint:deps` (run by `npm test`):
 * dependencies point down, from the roles (http, mcp, jobs, cli) to commands and queries, to
 * domain and db. Violations that predate the rule are listed in
 * .dependency-cruiser-known-violations.json and shrink as the layers are mended; a new one fails.
 */
const ROLES = '^src/(http|mcp|jobs|cli)/';
module.exports = {
  forbidden: [
    {
      name: 'no-runtime-cycle',
      comment: 'A cycle of runtime imports makes load order matter (type-only imports are erased and may cycle).',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'domain-imports-only-domain',
      comment: 'The domain is pure: it imports nothing of ours but the domain (and the clock-free helpers in it).',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: '^src/', pathNot: '^src/domain/' },
    },
    {
      name: 'commands-and-queries-below-roles',
      comment: 'Commands and queries are called by the roles; they never import a role (http, mcp, jobs, cli).',
      severity: 'error',
      from: { path: '^src/(commands|queries)/' },
      to: { path: ROLES },
    },
    {
      name: 'queries-never-call-commands',
      comment: 'A query reads; a write belongs to a command its caller runs.',
      severity: 'error',
      from: { path: '^src/queries/' },
      to: { path: '^src/commands/' },
    },
    {
      name: 'wire-shapes-below-roles',
      comment: 'Presenters (response schemas) and requests (body schemas) are shared by the API, MCP and web: they import no role, command or query.',
      severity: 'error',
      from: { path: '^src/(presenters|requests)/' },
      // A presenter may name the type of the row it presents (erased at run time).
      to: { path: '^src/(http|mcp|jobs|cli|commands|queries)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'mcp-not-through-http',
      comment: 'The MCP role shares plumbing through src/serving, never the API role\'s modules.',
      severity: 'error',
      from: { path: '^src/mcp/' },
      to: { path: '^src/http/' },
    },
    {
      name: 'serving-below-roles',
      comment: 'src/serving is the plumbing every serving process uses; it imports no role.',
      severity: 'error',
      from: { path: '^src/serving/' },
      to: { path: ROLES },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^src/',
    exclude: { path: '\\.test\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
