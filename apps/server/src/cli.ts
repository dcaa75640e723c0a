// `npm run portal -- <command>`: the commands are in cli-run.ts, where the tests run them too.
import { runCli } from './cli-run';

void runCli(process.argv.slice(2)).then((code) => process.exit(code));
