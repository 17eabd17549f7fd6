import { Argument, Command, Option } from 'commander';
import type { Config } from '../config.ts';
import { printError, printResult } from './output.ts';
import { creditsText } from '../domain/money.ts';
import { IMPORT_FORMATS } from './import-formats.ts';

// Each command loads its own modules when it runs (issue 12: `prosa --help` loaded 1,098 modules,
// docx, token tables, pg-boss and PGlite among them, for 0.7 s; test/speed/cli-startup.test.ts).
const runOperatorOp = async (...a: Parameters<typeof import('./operator.ts').runOperatorOp>) => (await import('./operator.ts')).runOperatorOp(...a);
const serveCommand = async (...a: Parameters<typeof import('./serve.ts').serveCommand>) => (await import('./serve.ts')).serveCommand(...a);
const deadlinesCalcCommand = async (...a: Parameters<typeof import('./deadlines-calc.ts').deadlinesCalcCommand>) =>
  (await import('./deadlines-calc.ts')).deadlinesCalcCommand(...a);
const importCommand = async (...a: Parameters<typeof import('./import-command.ts').importCommand>) => (await import('./import-command.ts')).importCommand(...a);
const analyzeCommand = async (...a: Parameters<typeof import('./analyze-command.ts').analyzeCommand>) =>
  (await import('./analyze-command.ts')).analyzeCommand(...a);
const printAuditLog = async (...a: Parameters<typeof import('./audit-output.ts').printAuditLog>) => (await import('./audit-output.ts')).printAuditLog(...a);

/**
 * The `prosa` command. Every database command takes PROSA_DATA_DIR / DATABASE_URL like the
 * server, and works whether or not a server is running on the same data directory.
 */
export function buildProgram(): Command {
  const program = new Command('prosa')
    .description('Prosa: patent-prosecution assistance for US practitioners and their AI assistants')
    .showHelpAfterError()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });

  program
    .command('serve')
    .description('Serve the backend API (and, embedded, everything else) on PORT')
    .addOption(
      new Option('--role <role>', 'run one role per process (scale-out: api and worker need DATABASE_URL; mcp needs API_URL and PROSA_SIGNING_SECRET)')
        .choices(['all', 'api', 'worker', 'mcp'])
        .default('all'),
    )
    .action(async (opts: { role: string }) => serveCommand(await config(), opts.role));

  // --json prints the operation's result as served (credits at full precision); the lines a
  // person reads show amounts with two decimals (issue 10), through `human`.
  const op = (name: string, args: Record<string, unknown>, json: boolean, human?: (r: Record<string, unknown>) => unknown) =>
    run(async () => {
      const result = await runOperatorOp(await config(), name, args);
      printResult(!json && human ? human(result as Record<string, unknown>) : result, json);
    }, json);
  const balanceLines = (r: Record<string, unknown>) => ({ ...r, ...(typeof r.balance === 'string' ? { balance: creditsText(r.balance) } : {}) });

  const accounts = program.command('accounts').description('Manage accounts');
  accounts
    .command('create')
    .description('Create an account (prints a generated password when none is given)')
    .requiredOption('--email <email>', 'sign-in e-mail address')
    .option('--password <password>', 'password (at least 10 characters)')
    .option('--name <name>', 'display name')
    .option('--json', 'print JSON')
    .action((o: { email: string; password?: string; name?: string; json?: boolean }) => op('accounts.create', o, !!o.json));

  accounts
    .command('reset-password')
    .description("Set an account's password (prints a generated one when none is given) and end its web sessions")
    .requiredOption('--email <email>', 'sign-in e-mail address')
    .option('--password <password>', 'new password (at least 10 characters)')
    .option('--json', 'print JSON')
    .action((o: { email: string; password?: string; json?: boolean }) => op('accounts.reset-password', o, !!o.json));

  const keys = program.command('keys').description("Manage an account's API keys");
  keys
    .command('create')
    .description('Create an API key (shown once)')
    .requiredOption('--email <email>', 'account e-mail')
    .option('--name <name>', 'key label', 'CLI key')
    .option('--json', 'print JSON')
    .action((o: { email: string; name: string; json?: boolean }) => op('keys.create', o, !!o.json));
  keys
    .command('list')
    .description('List API keys (never the keys themselves)')
    .requiredOption('--email <email>', 'account e-mail')
    .option('--json', 'print JSON')
    .action((o: { email: string; json?: boolean }) => op('keys.list', o, !!o.json));
  keys
    .command('revoke')
    .description('Revoke an API key')
    .requiredOption('--email <email>', 'account e-mail')
    .requiredOption('--id <id>', 'key id (from keys list)')
    .option('--json', 'print JSON')
    .action((o: { email: string; id: string; json?: boolean }) => op('keys.revoke', o, !!o.json));

  const credits = program.command('credits').description('Operator credit tools');
  credits
    .command('grant')
    .description('Add credits to an account (a ledger entry of kind "grant")')
    .requiredOption('--email <email>', 'account e-mail')
    .requiredOption('--amount <credits>', 'credits to add, e.g. 100 or 12.50')
    .option('--reason <text>', 'shown in the account history', 'Operator grant')
    .option('--json', 'print JSON')
    .action((o: { email: string; amount: string; reason: string; json?: boolean }) => op('credits.grant', o, !!o.json, balanceLines));
  credits
    .command('balance')
    .description("Show an account's balance and status")
    .requiredOption('--email <email>', 'account e-mail')
    .option('--json', 'print JSON')
    .action((o: { email: string; json?: boolean }) => op('credits.balance', o, !!o.json, balanceLines));

  program
    .command('audit')
    .description("Show an account's audit log, newest first (writes, sign-ins, assistant tool calls)")
    .requiredOption('--email <email>', 'account e-mail')
    .option('--limit <n>', 'entries to show (1 to 1000)', '50')
    .addOption(new Option('--source <source>', 'only entries from one source').choices(['web', 'api_key', 'assistant', 'cli', 'system']))
    .option('--action <prefix>', 'only actions starting with this, e.g. docket. or mcp.tool_call')
    .option('--member <email>', "only what this member of the firm did (the founder's also includes rows from before firms)")
    .option('--json', 'print JSON')
    .action((o: { email: string; limit: string; source?: string; action?: string; member?: string; json?: boolean }) =>
      run(async () => printAuditLog(await runOperatorOp(await config(), 'audit.list', o), !!o.json), !!o.json),
    );

  const docket = program.command('docket').description("An account's docket: import a CSV, export it with its deadlines");
  docket
    .command('import')
    .description('Preview a docket CSV for an account (what would be added, duplicates, malformed lines); --commit adds the rows')
    .argument('<file>', 'the CSV file (columns by header: Application Number, Matter, Entity Status, Notes), or - for standard input')
    .requiredOption('--email <email>', 'account e-mail')
    .option('--commit', 'add the rows the preview would add (one transaction, audited)')
    .option('--json', 'print JSON')
    .action((file: string, o: { email: string; commit?: boolean; json?: boolean }) =>
      run(async () => {
        const { readDocketFile } = await import('./docket-file.ts');
        const text = readDocketFile(file);
        printResult(
          await runOperatorOp(await config(), 'docket.import', {
            email: o.email,
            text,
            file_name: file === '-' ? null : file.split(/[\\/]/).pop(),
            commit: !!o.commit,
          }),
          !!o.json,
        );
      }, !!o.json),
    );
  docket
    .command('export')
    .description("Print an account's docket as CSV, one row per entry and upcoming deadline")
    .requiredOption('--email <email>', 'account e-mail')
    .action((o: { email: string }) =>
      run(async () => {
        const { csv } = (await runOperatorOp(await config(), 'docket.export', { email: o.email })) as { csv: string };
        process.stdout.write(csv);
      }, false),
    );

  program
    .command('import')
    .description('Import USPTO data files (streaming; re-importing the same data is harmless)')
    .addArgument(
      new Argument(
        '<format>',
        'odp: Open Data Portal file-wrapper JSON (API responses, search results, bulk files, JSON Lines); patex: PatEx CSV (application_data, transactions, event_codes; import application_data first); odp-rejections: ODP Office Action Rejections JSON',
      ).choices(IMPORT_FORMATS),
    )
    .argument('<files...>', 'files to import, in order')
    .option('--json', 'print the summary as JSON')
    .action((format: string, files: string[], o: { json?: boolean }) => run(async () => importCommand(await config(), format, files, !!o.json), !!o.json));

  program
    .command('backup')
    .description('Back up the embedded database to a file, online (PostgreSQL: use pg_dump; docs/operations.md)')
    .argument('<file>', 'the backup file to write (a gzipped data-directory dump)')
    .option('--json', 'print JSON')
    .action((file: string, o: { json?: boolean }) =>
      run(async () => (await import('./backup-command.ts')).backupCommand(await config(), file, !!o.json), !!o.json),
    );

  program
    .command('restore')
    .description('Restore the embedded database from a `prosa backup` file, with the server stopped')
    .argument('<file>', 'a file written by `prosa backup`')
    .option('--force', 'restore over an existing database (it is moved aside, not deleted)')
    .option('--json', 'print JSON')
    .action((file: string, o: { force?: boolean; json?: boolean }) =>
      run(async () => (await import('./backup-command.ts')).restoreCommand(await config(), file, { force: !!o.force }, !!o.json), !!o.json),
    );

  program
    .command('analyze')
    .description('Analyze an office action locally (unbilled): the same record as POST /v1/prosa/analyze')
    .argument('<file>', 'office-action text file, or - for standard input')
    .addOption(
      new Option('--type <code>', "office action type in the interface's codes (CTED restriction, CTRS requirement for information); default CTNF").choices([
        'CTNF',
        'CTFR',
        'CTED',
        'CTRS',
      ]),
    )
    .option('--no-examiner-intel', 'do not use examiner statistics')
    .option('--application <number>', 'application number, when the text does not state it')
    .option('--json', 'print the analysis record as JSON')
    .action((file: string, o: { type?: 'CTNF' | 'CTFR' | 'CTED' | 'CTRS'; examinerIntel: boolean; application?: string; json?: boolean }) =>
      run(async () => analyzeCommand(await config(), file, o), !!o.json),
    );

  program
    .command('deadlines')
    .description('Deadline tools')
    .command('calc')
    .description("Compute the deadlines an office action or an event of the application's life starts (no database needed)")
    .requiredOption(
      '--action <kind|code>',
      'non_final, final, restriction, requirement_for_information, quayle, missing_parts, non_compliant_amendment, notice_of_allowance, or CTNF/CTFR/CTED/CTRS; events: grant, notice_of_appeal, examiners_answer, provisional_filing, foreign_filing, pct_priority',
    )
    .requiredOption('--mailed <YYYY-MM-DD>', "mailing (notification) date of the action, or the event's date (issue date, filing date, priority date)")
    .option('--period-months <n>', 'shortened statutory period the action states')
    .option('--advisory <YYYY-MM-DD>', 'advisory action mailing date (final rejections)')
    .option('--reply-filed <YYYY-MM-DD>', 'date the first reply was filed (final rejections)')
    .addOption(new Option('--entity <size>', 'entity size for extension fees').choices(['large', 'small', 'micro']).default('large'))
    .option(
      '--application-type <type>',
      'utility, design, plant or reissue (design and plant patents owe no maintenance fees; a design has 6 months of foreign priority)',
    )
    .option('--json', 'print JSON')
    .action(
      (o: {
        action: string;
        mailed: string;
        periodMonths?: string;
        advisory?: string;
        replyFiled?: string;
        entity: 'large' | 'small' | 'micro';
        applicationType?: string;
        json?: boolean;
      }) => run(async () => deadlinesCalcCommand(o), !!o.json),
    );

  const watch = program.command('watch').description('The USPTO watch: new office actions and notices on docketed applications (needs PROSA_USPTO_API_KEY)');
  watch
    .command('run')
    .description("Run one watch pass now: read each docketed application's USPTO documents list and record the new papers")
    .option('--date <YYYY-MM-DD>', 'the day deadlines are judged on (default: today, UTC)')
    .option('--json', 'print JSON')
    .action((o: { date?: string; json?: boolean }) =>
      run(async () => (await import('./watch-command.ts')).watchRunCommand(await config(), { date: o.date, json: !!o.json }), !!o.json),
    );
  watch
    .command('status')
    .description('Say whether the watch is on (and why not), its schedule, and its last pass')
    .option('--json', 'print JSON')
    .action((o: { json?: boolean }) => run(async () => (await import('./watch-command.ts')).watchStatusCommand(await config(), { json: !!o.json }), !!o.json));

  program
    .command('notify')
    .description('Reminders and alerts by e-mail')
    .command('run')
    .description(
      'Run one notification pass (reminders due at their offsets, digests, new-paper alerts) as of a date; each mail is sent once however often it runs',
    )
    .option('--date <YYYY-MM-DD>', 'the day the pass runs as of (default: today, UTC)')
    .option('--json', 'print JSON')
    .action((o: { date?: string; json?: boolean }) => run(async () => (await import('./notify-command.ts')).notifyRunCommand(await config(), o), !!o.json));

  program
    .command('webhooks')
    .description('Webhook tools')
    .command('deliver')
    .description(
      'Run one webhook delivery pass now: queue new events for their endpoints and send the deliveries that are due (the worker does this every 10 s)',
    )
    .option('--json', 'print JSON')
    .action((o: { json?: boolean }) => run(async () => (await import('./webhooks-command.ts')).webhooksDeliverCommand(await config(), !!o.json), !!o.json));

  program
    .command('stats')
    .description('Examiner statistics')
    .command('refresh')
    .description(
      'Recompute examiner statistics for the applications changed since the last refresh (imports refresh on their own; use after an interrupted bulk import)',
    )
    .option('--json', 'print JSON')
    .action((o: { json?: boolean }) => op('stats.refresh', {}, !!o.json));

  return program;
}

let cached: Config | undefined;
/** The configuration (zod and all): loaded by the commands that need it, never for --help. */
async function config(): Promise<Config> {
  cached ??= (await import('../config.ts')).loadConfig();
  return cached;
}

async function run(fn: () => Promise<void>, json: boolean): Promise<void> {
  try {
    await fn();
  } catch (err) {
    process.exitCode = printError(err, json);
  }
}
