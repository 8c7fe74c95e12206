// Import cycles, checked by `npm run cycles` (part of `npm run lint`, so CI fails on one).
// docs/architecture.md, "No import cycles", says what each rule is for.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A file reaches itself through its imports (type-only imports count too).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycles',
      comment:
        'A folder depends on itself through other folders: each folder under a src/ is one domain, and domains depend one way.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      // The folder rule sees an import of routes/admin/clients/x.ts as one on routes/admin/clients,
      // not on routes/, so a cycle between routes/ and a domain could pass; routes/ is the top anyway.
      name: 'web-routes-on-top',
      comment: 'web/src/routes puts the pages together: only the router and main.tsx import it.',
      severity: 'error',
      from: { path: '^web/src/', pathNot: '^web/src/(routes/|router\\.ts$|main\\.tsx$)' },
      to: { path: '^web/src/routes/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '\\.test\\.tsx?$'] },
    // Type-only imports are dependencies too: a cycle of types still ties two domains together.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      // web/ imports without extensions (Vite), the services with .js for .ts.
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
};
