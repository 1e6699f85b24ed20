// Durability under kill -9 on the embedded database: starts the server on a temporary DATA_DIR, runs
// concurrent writes through the API (chat messages and profile updates), SIGKILLs the server in the
// middle of them, restarts it on the same DATA_DIR and checks that every write the API acknowledged
// is there and that the database opens and takes writes again. Repeats for a few rounds.
//   node bench/kill9-durability.ts [--rounds 3] [--writers 8] [--kill-after-ms 2500] [--keep]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { api, login, type RunningServer, startServer } from './lib/server.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    writers: { type: 'string', default: '8' },
    'kill-after-ms': { type: 'string', default: '2500' },
    keep: { type: 'boolean', default: false },
  },
});
const rounds = Number(values.rounds);
const writers = Number(values.writers);
const killAfterMs = Number(values['kill-after-ms']);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wop-kill9-'));
const logFile = path.join(dataDir, 'server.log');
const PROFILE_USERS = ['store@example.com', 'director@example.com'];

interface Page<T> {
  payload: { data: T[]; last_page: number };
}

/** Every chat message of an order (all pages). */
async function allMessages(server: RunningServer, token: string, orderId: number) {
  const found = new Map<number, string>();
  for (let page = 1; ; page++) {
    const res = await api<Page<{ id: number; body: string }>>(
      server.url,
      token,
      'GET',
      `/api/orders/${orderId}/messages?limit=1000&page=${page}`,
    );
    if (res.status !== 200) throw new Error(`listing messages answered ${res.status}`);
    for (const m of res.body.payload.data) found.set(m.id, m.body);
    if (page >= res.body.payload.last_page) return found;
  }
}

async function main() {
  console.log(
    `kill -9 durability: ${rounds} rounds, ${writers} chat writers + ${PROFILE_USERS.length} profile writers,`,
  );
  console.log(`SIGKILL ${killAfterMs} ms into the writes; DATA_DIR ${dataDir}`);
  let server = await startServer({ dataDir, logFile, env: { SEED_DEMO: 'true' } });
  console.log(`first start (migrate + demo seed): ${server.startMs} ms`);

  let adminToken = await login(server.url, 'admin@example.com');
  const orders = await api<Page<{ id: number }>>(server.url, adminToken, 'GET', '/api/orders?limit=1');
  const orderId = orders.body.payload.data[0]?.id;
  if (!orderId) throw new Error(`no demo order to write to (GET /api/orders answered ${orders.status})`);

  const ackedMessages = new Map<number, string>();
  /** Highest acknowledged profile write per user, as the sequence number in the name. */
  const ackedProfile = new Map<string, number>();
  let totalAttempts = 0;
  let totalErrors = 0;
  let lost = 0;
  let failedChecks = 0;
  const rows: string[] = [];

  for (let round = 1; round <= rounds; round++) {
    adminToken = await login(server.url, 'admin@example.com');
    const profileTokens = await Promise.all(PROFILE_USERS.map((email) => login(server.url, email)));
    let stop = false;
    let attempts = 0;
    let acked = 0;
    let errors = 0;
    const chatWriter = async (w: number) => {
      for (let seq = 0; !stop; seq++) {
        const body = `k9 r${round} w${w} #${seq}`;
        attempts++;
        try {
          const res = await api<{ payload: { id: number } }>(
            server.url,
            adminToken,
            'POST',
            `/api/orders/${orderId}/messages`,
            { body },
          );
          if (res.status === 201) {
            ackedMessages.set(res.body.payload.id, body);
            acked++;
          } else errors++;
        } catch {
          errors++; // the connection died with the server: not acknowledged
        }
      }
    };
    const profileWriter = async (i: number) => {
      const email = PROFILE_USERS[i];
      for (let seq = (ackedProfile.get(email) ?? 0) + 1; !stop; seq++) {
        attempts++;
        try {
          const res = await api(server.url, profileTokens[i], 'POST', '/api/profile', {
            name: `K9 ${i} ${String(seq).padStart(8, '0')}`,
            phone_no: '0701234567',
          });
          if (res.status === 200) {
            ackedProfile.set(email, seq);
            acked++;
          } else errors++;
        } catch {
          errors++;
        }
      }
    };
    const writing = Promise.all([
      ...Array.from({ length: writers }, (_, w) => chatWriter(w)),
      ...PROFILE_USERS.map((_, i) => profileWriter(i)),
    ]);
    await new Promise((r) => setTimeout(r, killAfterMs));
    await server.kill();
    stop = true;
    await writing;
    totalAttempts += attempts;
    totalErrors += errors;

    server = await startServer({ dataDir, logFile, env: { SEED_DEMO: 'true' } });
    const token = await login(server.url, 'admin@example.com');
    const found = await allMessages(server, token, orderId);
    let missing = 0;
    for (const [id, body] of ackedMessages) if (found.get(id) !== body) missing++;
    const unacked = [...found.values()].filter((b) => b.startsWith('k9 ')).length - (ackedMessages.size - missing);
    let profileMissing = 0;
    for (const email of PROFILE_USERS) {
      const profile = await api<{ payload: { name: string } }>(
        server.url,
        await login(server.url, email),
        'GET',
        '/api/profile',
      );
      const seq = Number(/K9 \d (\d+)/.exec(profile.body.payload.name)?.[1] ?? 0);
      if (seq < (ackedProfile.get(email) ?? 0)) profileMissing++;
    }
    // The reopened database takes writes again.
    const after = await api(server.url, token, 'POST', `/api/orders/${orderId}/messages`, {
      body: `k9 after r${round}`,
    });
    if (after.status !== 201) failedChecks++;
    lost += missing + profileMissing;
    rows.push(
      `round ${round}: ${attempts} writes sent, ${acked} acknowledged, ${errors} cut off by the kill; ` +
        `restart ${server.startMs} ms; acknowledged chat messages found ${ackedMessages.size - missing}/${ackedMessages.size}, ` +
        `committed but unacknowledged ${Math.max(unacked, 0)}; profiles at or past the last acknowledged write ` +
        `${PROFILE_USERS.length - profileMissing}/${PROFILE_USERS.length}; write after restart ${after.status}`,
    );
    console.log(rows.at(-1));
  }
  await server.stop();
  const locked = fs.existsSync(path.join(dataDir, 'server.lock'));
  console.log(
    `total: ${totalAttempts} writes sent (${totalErrors} cut off by the kills), ${ackedMessages.size} chat messages acknowledged over ${rounds} kills, ` +
      `${lost} acknowledged writes lost, ${failedChecks} failed writes after a restart; ` +
      `lock file left after a clean stop: ${locked ? 'yes' : 'no'}`,
  );
  if (!values.keep) fs.rmSync(dataDir, { recursive: true, force: true });
  else console.log(`kept ${dataDir}`);
  process.exitCode = lost === 0 && failedChecks === 0 && !locked ? 0 : 1;
  console.log(process.exitCode === 0 ? 'durable: every acknowledged write survived kill -9' : 'NOT DURABLE');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
