// Creates a super-admin on the configured database (DATA_DIR or DATABASE_URL), for a production
// install started with SEED_DEMO=false:
//   npm run create-admin -- --email ops@example.com --name "Ops Team"
// The password comes from ADMIN_PASSWORD, or is asked on the terminal without echo.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isEmailAsPassword } from '@wop/shared/auth';
import { PASSWORD_MAX, PASSWORD_MIN } from '@wop/shared/constants';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config.ts';
import { type Db, openDatabase, runMigrations } from '../db/client.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { roles, users } from '../db/schema/index.ts';
import { seedReference } from '../db/seed.ts';
import { hashPassword } from '../lib/password.ts';

/** A problem to tell the operator in one line (no stack trace). */
export class CliError extends Error {}

export interface AdminInput {
  email: string;
  name: string;
  password: string;
}

const inputSchema = z
  .object({
    email: z.email('--email must be an e-mail address').transform((email) => email.toLowerCase()),
    name: z.string().trim().min(1, '--name is required').max(255, '--name is at most 255 characters'),
    password: z
      .string()
      .min(PASSWORD_MIN, `the password must be at least ${PASSWORD_MIN} characters`)
      .max(PASSWORD_MAX, `the password is at most ${PASSWORD_MAX} characters`),
  })
  .refine((input) => !isEmailAsPassword(input.password, input.email), 'the password may not be the e-mail address');

/** Creates the super-admin; refuses an e-mail that is already taken. Answers the new user's id. */
export async function createAdmin(db: Db, input: AdminInput): Promise<{ id: number; email: string }> {
  const parsed = inputSchema.safeParse({ ...input, email: input.email.trim() });
  if (!parsed.success) throw new CliError(parsed.error.issues.map((issue) => issue.message).join('; '));
  const { email, name, password } = parsed.data;
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.slug, 'super-admin'));
    if (!role) throw new CliError('the super-admin role is missing: the reference data was not seeded');
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (taken)
      throw new CliError(`a user with the e-mail ${email} already exists (id ${taken.id}); nothing was changed`);
    const [user] = await tx
      .insert(users)
      .values({ email, name, passwordHash, roleId: role.id })
      .returning({ id: users.id, email: users.email });
    return user;
  });
}

/** Typed-ahead characters after a line's end (a pasted "pw\rpw\r" answers both questions). */
let typedAhead = '';

/** Reads a line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    return Promise.reject(new CliError('no terminal to ask the password on: set ADMIN_PASSWORD'));
  }
  // No echo before the question shows, so nothing typed at once is printed.
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  process.stdout.write(question);
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write('\n');
    };
    const onData = (chunk: string) => {
      for (let i = 0; i < chunk.length; i++) {
        const char = chunk[i];
        if (char === '\r' || char === '\n') {
          typedAhead = chunk.slice(chunk[i + 1] === '\n' ? i + 2 : i + 1);
          finish();
          resolve(value);
          return;
        }
        if (char === '\u0003' || char === '\u0004') {
          finish();
          reject(new CliError('cancelled'));
          return;
        }
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.on('data', onData);
    const pending = typedAhead;
    typedAhead = '';
    if (pending) onData(pending);
    else stdin.resume();
  });
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  const first = await askHidden(`Password (at least ${PASSWORD_MIN} characters): `);
  const second = await askHidden('Password again: ');
  if (first !== second) throw new CliError('the two passwords differ');
  return first;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help || !values.email || !values.name) {
    console.log(
      'Usage: npm run create-admin -- --email <e-mail> --name <name>\n' +
        'Creates a super-admin on the database of DATA_DIR (or DATABASE_URL).\n' +
        'The password comes from ADMIN_PASSWORD, or is asked on the terminal.',
    );
    process.exitCode = values.help ? 0 : 1;
    return;
  }
  const password = await readPassword();
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await runMigrations(database.db);
    await seedReference(database.db);
    const user = await createAdmin(database.db, { email: values.email, name: values.name, password });
    const where = database.embedded ? `the embedded database in ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)';
    console.log(`Created super-admin ${user.email} (id ${user.id}) in ${where}.`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    if (error instanceof CliError || error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(`create-admin: ${error.message}`);
    } else {
      console.error(error);
    }
    process.exit(1);
  });
}
