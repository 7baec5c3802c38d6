// For the scripts Node runs directly by stripping their types (the inbox benchmark, the Supabase rules
// generator, `npm run check` through --import): the adapters and the domain import each other without
// a file extension, as TypeScript and Vite resolve them, and this hook adds `.ts` for Node. Import it first, then the rest dynamically:
// static imports are all resolved before any module runs.
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    const relative = specifier.startsWith('./') || specifier.startsWith('../');
    if (relative && context.parentURL?.endsWith('.ts') && !/\.[cm]?[jt]sx?$/.test(specifier)) return nextResolve(`${specifier}.ts`, context);
    return nextResolve(specifier, context);
  },
});
