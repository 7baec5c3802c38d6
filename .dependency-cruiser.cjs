/** The shape of DESIGN.md, checked on every `npm test`: src -> adapters -> domain, never back. */
// Tests, benchmarks, and what only they use, named *.test-support.ts: they may reach for fakes and
// test tools across the layers.
const tests = '(\\.test\\.tsx?|\\.test-d\\.ts|\\.test-support\\.tsx?|\\.bench\\.ts)$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'domain/ holds the rules: every file in it imports valibot and the domain\'s own files, nothing else. Its tests live in fixtures/domain/, at the same paths.',
      severity: 'error',
      from: { path: '^domain/' },
      to: { pathNot: ['^domain/', '^node_modules/valibot/'] },
    },
    {
      name: 'domain-tests-use-only-the-domain-and-fixtures',
      comment: 'The domain\'s tests (fixtures/domain/, at the paths of the code they test) use the domain, the fixtures, the memory fakes, the contract suites and the test tools, never another adapter or the application.',
      severity: 'error',
      from: { path: '^fixtures/domain/.*' + tests },
      to: { pathNot: ['^domain/', '^fixtures/', '^adapters/(memory|contracts)/', '^node_modules/(valibot|fast-check|vitest|@vitest)/'] },
    },
    {
      name: 'no-test-code-in-the-product',
      comment: 'Product code, the domain\'s included, never imports a test, a benchmark or what only they use.',
      severity: 'error',
      from: { pathNot: [tests, '^e2e/'] },
      to: { path: tests },
    },
    {
      name: 'adapters-not-to-src',
      comment: 'Adapters implement or drive the domain; the application composes them, not the other way round.',
      severity: 'error',
      from: { path: '^adapters/' },
      to: { path: '^src/' },
    },
    {
      name: 'adapters-not-to-each-other',
      comment: 'One folder per technology, each reached from the composition roots in src/. Tests may use the memory fakes and real stores.',
      severity: 'error',
      from: { path: '^adapters/([^/]+)/', pathNot: ['^adapters/(server|rest|push)/', '^adapters/supabase/supabase/functions/', tests] },
      to: { path: '^adapters/([^/]+)/', pathNot: ['^adapters/$1/'] },
    },
    {
      name: 'rest-shares-only-the-wire-contract',
      comment: 'The REST client speaks the wire format its server defines in http-api/, and uses no other adapter.',
      severity: 'error',
      from: { path: '^adapters/rest/', pathNot: tests },
      to: { path: '^adapters/[^/]+/', pathNot: '^adapters/(rest|http-api)/' },
    },
    {
      name: 'push-shares-only-the-wire-contract',
      comment: 'Web push and the webhook send alerts; the webhook\'s JSON carries the request in the API\'s wire format from http-api/, and they use no other adapter.',
      severity: 'error',
      from: { path: '^adapters/push/', pathNot: tests },
      to: { path: '^adapters/[^/]+/', pathNot: '^adapters/(push|http-api)/' },
    },
    {
      name: 'edge-function-composes-the-api',
      comment: 'The Supabase edge function `api` is a composition root like src/server/server-main.ts: it hosts the one API (server/) over the sql/ stores, with email/, push/ and photos/, and checks Supabase\'s access tokens (supabase-access-token.ts). Nothing else of the Supabase browser adapters.',
      severity: 'error',
      from: { path: '^adapters/supabase/supabase/functions/' },
      to: {
        path: '^adapters/',
        pathNot: ['^adapters/supabase/supabase/functions/', '^adapters/(server|sql|email|push|photos|http-api)/', '^adapters/supabase/supabase-access-token\\.ts$'],
      },
    },
    {
      name: 'server-uses-only-the-wire-contract',
      comment: 'The server drives the domain through its ports; its hosts hand it the sql/, email/ and push/ adapters (through compose/, below). Of the other adapters it uses only the wire contract it shares with the client.',
      severity: 'error',
      from: { path: '^adapters/server/', pathNot: ['^adapters/server/compose/', tests] },
      to: { path: '^adapters/', pathNot: '^adapters/(server|http-api)/' },
    },
    {
      name: 'hosts-compose-the-server-once',
      comment: 'adapters/server/compose/ is what our Node server (src/server/) and the Supabase edge function both compose over the database: the sql/ stores, the email/ outbox, the push/ alerts, the links. It opens no database and loads no image library: each root picks those for its runtime.',
      severity: 'error',
      from: { path: '^adapters/server/compose/', pathNot: tests },
      to: { path: '^adapters/', pathNot: '^adapters/(server|sql|email|push|http-api)/' },
    },
    {
      name: 'the-shared-composition-runs-under-deno',
      comment: 'The edge function imports compose/: nothing it reaches may need what only our Node server has (sharp, busboy, undici; the Node fetch for pushes is passed in).',
      severity: 'error',
      from: { path: '^adapters/server/compose/', pathNot: tests },
      to: { reachable: true, path: ['node_modules/(sharp|busboy|undici)/', '^adapters/push/public-push-fetch\\.ts$', '^adapters/photos/'] },
    },
    {
      name: 'server-code-lives-in-a-capability-folder',
      comment: 'adapters/server/ holds api.ts (which composes the capabilities into the one API), app.ts (the Node site around it), start-server.ts and server-config.ts; everything else sits in the folder of its capability (quotes/, inbox/, alerts/, …), in http/ if every answer goes through it, in compose/ if it is what every host composes over the database, or in bench/.',
      severity: 'error',
      from: { path: '^adapters/server/[^/]+$', pathNot: ['^adapters/server/(api|app|start-server|server-config)\\.ts$', tests] },
      to: {},
    },
    {
      name: 'server-capabilities-composed-only-by-the-app',
      comment: 'A capability\'s folder is reached from api.ts or app.ts (and its stores and senders made in compose/), never from another capability: they share only http/, staff/ (who is signed in), photos/ (reading an upload) and pages/.',
      severity: 'error',
      from: { path: '^adapters/server/([^/]+)/', pathNot: ['^adapters/server/compose/', tests] },
      to: { path: '^adapters/server/(quotes|inbox|customer-data|customer-link|alerts|files|tick)/', pathNot: '^adapters/server/$1/' },
    },
    {
      name: 'the-api-runs-on-every-host',
      comment: 'The API is hosted by Node, by Deno (the Supabase edge function) and by the demo\'s page: nothing it reaches may need Node\'s own modules or a native package. A host passes such parts in (app.ts, the edge function, the demo).',
      severity: 'error',
      from: { path: '^adapters/server/api\\.ts$' },
      to: { reachable: true, path: ['^node:', '^(fs|path|os|net|crypto|stream|child_process|timers)$', 'node_modules/(busboy|@hono/node-server|pg|sharp|@node-rs|undici|nodemailer|web-push|rate-limiter-flexible)/'] },
    },
    {
      name: 'server-http-is-the-base',
      comment: 'What every answer goes through (headers, host and origin checks, limits, the log) knows no capability.',
      severity: 'error',
      from: { path: '^adapters/server/http/', pathNot: tests },
      to: { path: '^adapters/server/', pathNot: '^adapters/server/http/' },
    },
    {
      name: 'fixtures-only-to-domain',
      comment: 'Fixtures are data in the domain\'s shapes.',
      severity: 'error',
      from: { path: '^fixtures/', pathNot: tests },
      to: { pathNot: ['^fixtures/', '^domain/'] },
    },
    {
      name: 'ui-talks-to-stores-not-adapters',
      comment: 'Components, routes and stores reach adapters only through the ports a backend provides.',
      severity: 'error',
      from: { path: '^src/(components|app/routes|app/stores)/', pathNot: tests },
      to: { path: '^adapters/' },
    },
    {
      name: 'components-by-audience',
      comment: 'The public site\'s components and the staff inbox\'s never import each other, so a visitor\'s page never pulls in the inbox; shared ones import neither.',
      severity: 'error',
      from: { path: '^src/components/(site|inbox|shared)/', pathNot: tests },
      to: { path: '^src/components/(site|inbox)/', pathNot: '^src/components/$1/' },
    },
    {
      name: 'service-worker-only-to-domain',
      comment: 'The inbox\'s service worker is built into one script of its own (/quotes-sw.js): it holds the domain\'s rules and texts and its own folder, never the pages\' code or an adapter.',
      severity: 'error',
      from: { path: '^src/sw/', pathNot: tests },
      to: { pathNot: ['^src/sw/', '^domain/', '^node_modules/valibot/'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^dist/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
