import { buildProgram } from './cli/program.ts';
import { ConfigError } from './config-error.ts';

/** Process entry: `node src/main.ts <command>` (npm start runs `serve`). */
try {
  await buildProgram().parseAsync(process.argv);
} catch (err) {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
  throw err;
}
