import { reexecWithMallocTuning } from './cli/malloc-tuning.ts';

/** Process entry: `node src/main.ts <command>` (npm start runs `serve`). */
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
