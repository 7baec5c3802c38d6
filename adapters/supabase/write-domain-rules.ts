// `npm run supabase:rules`: writes a new migration when domain/'s rules differ from the newest one
// the Supabase project has (domain-rules-migration.ts), and says which.
//
// Node runs this file directly by stripping its types. The adapters and the domain import each other
// without a file extension, as TypeScript and Vite resolve them; the hook below adds `.ts` for Node.
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    const relative = specifier.startsWith('./') || specifier.startsWith('../');
    if (relative && context.parentURL?.endsWith('.ts') && !/\.[cm]?[jt]sx?$/.test(specifier)) return nextResolve(`${specifier}.ts`, context);
    return nextResolve(specifier, context);
  },
});

const { writeRulesMigration } = await import('./domain-rules-migration.ts');

const written = await writeRulesMigration(new Date());
process.stdout.write(
  written === undefined
    ? 'The newest rules migration already holds the domain\'s rules: nothing written.\n'
    : `Wrote adapters/supabase/supabase/migrations/${written}: commit it, then \`npx supabase --workdir adapters/supabase db push\`.\n`,
);
