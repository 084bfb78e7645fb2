import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { BackupError, backup, restore } from './backup.ts';

// `npm run backup -- <dir>` and `npm run restore -- <dir> [--force]`, with the server's own
// environment (DATABASE_URL, DATA_DIR, FILE_STORE, S3_*). See README's "Backups".

const usage = 'usage: npm run backup -- <dir>\n       npm run restore -- <dir> [--force]';
const [command, ...rest] = process.argv.slice(2);
const force = rest.includes('--force');
const [dir, ...extra] = rest.filter((arg) => arg !== '--force');
const say = (line: string) => console.log(line);

// A backup, and the database and files a restore writes, hold every password hash and IBAN of the
// site: nothing made by this process or by the tools it starts (pg_dump inherits the umask) is for
// other users of the machine. backup() sets its own modes as well; this covers the restore.
process.umask(0o077);

try {
  if (!dir || extra.length > 0 || (command === 'backup' && force)) throw new BackupError(usage);
  const config = loadConfig();
  const target = path.resolve(dir);
  if (command === 'backup') {
    await backup(config, target, say);
    say(`backup complete in ${target}`);
  } else if (command === 'restore') {
    const manifest = await restore(config, target, { force }, say);
    say(`restored the backup of ${manifest.createdAt}; the next start brings the schema up to date`);
  } else throw new BackupError(usage);
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
