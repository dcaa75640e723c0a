// Preloaded by a test (NODE_OPTIONS=--import=…): as the process exits, writes the path of every
// CommonJS module it loaded (those imported as ES modules included) to REPORT_MODULES_TO.
import fs from 'node:fs';
import { createRequire } from 'node:module';

const file = process.env.REPORT_MODULES_TO;
if (file)
  process.on('exit', () => {
    fs.writeFileSync(file, Object.keys(createRequire(import.meta.url).cache).join('\n'));
  });
