// Database faults for the browser suite, loaded into the e2e server's process from outside its
// build: scripts/e2e-server.mjs starts `next start` with `node --import` of this file and
// E2E_FAULTS_DIR. Nothing of it is in `.next/`; the build the suite runs is the build users run.
//
// It wraps the embedded database (PGlite, which the server loads from node_modules, not from its
// bundle) so a test can make the database refuse or stall a query of its own, the way a real
// outage would, and see the site's real error screens. A test writes a rule to
// `${E2E_FAULTS_DIR}/{name}.json` (e2e/faults.ts):
//
//   { "action": "fail" | "hold", "mentions": "text", "sql": "text" }
//
// A query matches when its SQL text contains `sql` (lower case) and its SQL or parameters contain
// `mentions` (each a text only that test's requests send: a query, a slug, an account's email),
// so a test's fault never reaches a parallel test's requests.
// - fail: the query throws instead of running; inside a transaction, the transaction rolls back.
// - hold: the query runs, then its answer waits while the rule's file exists (at most 30 s). A
//   query inside a transaction is held after the transaction ends: PGlite runs one transaction at
//   a time, so holding one open would stall every other request. `{name}.held` says a hold began.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const dir = process.env.E2E_FAULTS_DIR ? path.resolve(process.env.E2E_FAULTS_DIR) : null;

/** The rules whose files exist now, read afresh for every query: a test switches them at any time. */
function rules() {
  if (!dir || !fs.existsSync(dir)) return [];
  const found = [];
  for (const file of fs.readdirSync(dir)) {
    if (!file.endsWith('.json')) continue;
    try {
      found.push({
        name: file.slice(0, -'.json'.length),
        ...JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')),
      });
    } catch {
      // Removed or half-written while read: not on for this query.
    }
  }
  return found;
}

function matching(text, params) {
  const sql = String(text).toLowerCase();
  const said = [
    text,
    ...(params ?? []).map((value) => (typeof value === 'string' ? value : JSON.stringify(value))),
  ].join('\n');
  return rules().filter(
    (rule) => (!rule.sql || sql.includes(rule.sql.toLowerCase())) && (!rule.mentions || said.includes(rule.mentions)),
  );
}

/** Throws for a matching fail rule; returns the matching hold rules. */
function check(text, params) {
  const found = matching(text, params);
  const failing = found.find((rule) => rule.action === 'fail');
  if (failing) throw new Error(`Injected database fault (${failing.name})`);
  return found.filter((rule) => rule.action === 'hold');
}

async function hold(rules) {
  for (const rule of rules) {
    const file = path.join(dir, `${rule.name}.json`);
    fs.writeFileSync(path.join(dir, `${rule.name}.held`), String(Date.now()));
    for (let waited = 0; waited < 30_000 && fs.existsSync(file); waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const { query, exec, transaction } = PGlite.prototype;

PGlite.prototype.query = async function (text, params, options) {
  const holds = check(text, params);
  const result = await query.call(this, text, params, options);
  await hold(holds);
  return result;
};

PGlite.prototype.exec = async function (text, options) {
  const holds = check(text);
  const result = await exec.call(this, text, options);
  await hold(holds);
  return result;
};

PGlite.prototype.transaction = async function (callback) {
  const holds = [];
  const watched = (tx) => ({
    ...tx,
    get closed() {
      return tx.closed;
    },
    query: async (text, params, options) => {
      holds.push(...check(text, params));
      return tx.query(text, params, options);
    },
    exec: async (text, options) => {
      holds.push(...check(text));
      return tx.exec(text, options);
    },
  });
  const result = await transaction.call(this, (tx) => callback(watched(tx)));
  await hold(holds);
  return result;
};
