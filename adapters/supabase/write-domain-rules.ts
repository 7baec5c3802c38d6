// `npm run supabase:rules`: writes a new migration when domain/'s rules differ from the newest one
// the Supabase project has (domain-rules-migration.ts), and says which.
//
// Node runs this file directly; ../extensionless-imports.ts lets it load the adapters and the domain.
import '../extensionless-imports.ts';

const { writeRulesMigration } = await import('./domain-rules-migration.ts');

const written = await writeRulesMigration(new Date());
process.stdout.write(
  written === undefined
    ? 'The newest rules migration already holds the domain\'s rules: nothing written.\n'
    : `Wrote adapters/supabase/supabase/migrations/${written}: commit it, then \`npx supabase --workdir adapters/supabase db push\`.\n`,
);
