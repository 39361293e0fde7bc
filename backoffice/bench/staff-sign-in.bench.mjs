/**
 * A staff member's sign-in with password and TOTP code against a running shop with the demo
 * data: the time from the password's request to the signed-in answer (argon2id included), p50
 * and p90, against the budget of a p50 under 150 ms. Exits 1 when it is missed.
 *
 * A TOTP code works once (the server refuses a code of a step it accepted before), so every
 * demo member signs in once per 30-second step; `rounds` steps give six sign-ins each. The
 * password step alone is also timed, as often as asked, to show argon2's share.
 *
 * Usage: node backoffice/bench/staff-sign-in.bench.mjs [base URL] [rounds] [password runs]
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';

const baseUrl = process.argv[2] ?? 'http://localhost:8080';
const rounds = Number(process.argv[3] ?? 3);
const passwordRuns = Number(process.argv[4] ?? 30);
const BUDGET_P50_MS = 150;

const staff = JSON.parse(readFileSync(new URL('../../fixtures/staff.json', import.meta.url), 'utf8'));

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Bytes(secret) {
  let bits = '';
  for (const letter of secret.replace(/=+$/, '').toUpperCase()) bits += ALPHABET.indexOf(letter).toString(2).padStart(5, '0');
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
}

function totpCode(secret, step) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = digest.readUInt8(digest.length - 1) & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function post(path, body) {
  const response = await fetch(new URL(path, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(baseUrl).origin, 'user-agent': 'staff-sign-in-bench' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

async function passwordStep(member) {
  return post('/api/backoffice/signin', { emailAddress: member.emailAddress, password: staff.password });
}

/** Milliseconds of one whole sign-in of `member` with the code of `step`. */
async function signIn(member, step) {
  const started = performance.now();
  const { challenge } = await passwordStep(member);
  await post('/api/backoffice/signin/totp', { challenge, code: totpCode(member.totpSecret, step) });
  return performance.now() - started;
}

function percentile(values, share) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
}

function describe(name, values) {
  const format = (value) => `${value.toFixed(1)} ms`;
  console.log(`${name}: ${values.length} runs, p50 ${format(percentile(values, 0.5))}, p90 ${format(percentile(values, 0.9))}`);
}

const currentStep = () => Math.floor(Date.now() / 30_000);

const passwordTimes = [];
for (let run = 0; run < passwordRuns; run += 1) {
  const started = performance.now();
  await passwordStep(staff.members[run % staff.members.length]);
  passwordTimes.push(performance.now() - started);
}
describe('password step alone', passwordTimes);

const signInTimes = [];
for (let round = 0; round < rounds; round += 1) {
  // A fresh step for every round: each member's code of this step is still unused.
  const step = currentStep();
  for (const member of staff.members) signInTimes.push(await signIn(member, step));
  if (round + 1 < rounds) await new Promise((resolve) => setTimeout(resolve, (step + 1) * 30_000 - Date.now() + 50));
}
describe('sign-in with password and TOTP', signInTimes);

const p50 = percentile(signInTimes, 0.5);
console.log(
  p50 < BUDGET_P50_MS ? `within the budget (p50 under ${BUDGET_P50_MS} ms)` : `over the budget: p50 ${p50.toFixed(1)} ms, goal under ${BUDGET_P50_MS} ms`,
);
process.exitCode = p50 < BUDGET_P50_MS ? 0 : 1;
