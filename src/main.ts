import nodeModule from 'node:module';
import { reexecWithMallocTuning } from './cli/malloc-tuning.ts';

/** Process entry: `node src/main.ts <command>` (npm start runs `serve`). */
// Node keeps the type-stripped, compiled modules between runs (NODE_COMPILE_CACHE, else the OS
// temporary directory), as bin/prosa.js does: a CLI command spends about a third less CPU starting.
// Not for `serve`: the cached code stays resident (about 15-20 MB more), and a server starts once.
if (process.argv[2] !== 'serve') nodeModule.enableCompileCache?.();
// A long-running server re-executes itself once with the allocator tuned (malloc-tuning.ts),
// before it loads anything.
if (process.argv[2] === 'serve') reexecWithMallocTuning();
const { buildProgram } = await import('./cli/program.ts');
const { ConfigError } = await import('./config-error.ts');
try {
  await buildProgram().parseAsync(process.argv);
} catch (err) {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
  throw err;
}
