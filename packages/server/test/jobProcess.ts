// One ottkit server process of the jobs cluster test (test/cluster-jobs.test.ts, decision 0315): the product's
// createServer over the PostgreSQL in OTTKIT_DATABASE_URL, with its start-up take-over and periodic sweeps. With a
// number as argument it starts a recharge code batch of that many codes as a job. It prints `owner <name>`,
// `job <id>` and `ready`, then every log line, and runs until it is killed.
import { createServer } from '../src/app.ts';
import { CLI_ACTOR } from '../src/operator/audit.ts';
import { startCodeBatchJob } from '../src/operator/codeBatchJobs.ts';
import { jobLease } from '../src/operator/jobLease.ts';

const server = createServer({
  config: { port: 0, passwordHashLog2N: 10 },
  logger: { info: (m) => console.log(m), error: (m, err) => console.error(m, err) },
});
console.log(`owner ${jobLease(server.db).owner}`);
const count = Number(process.argv[2] ?? 0);
if (count > 0) {
  const job = await startCodeBatchJob(
    server.db,
    server.config.secret,
    CLI_ACTOR,
    'plan-sports',
    count,
    Date.now,
  );
  console.log(`job ${job.jobId}`);
}
console.log('ready');
// Nothing listens: the jobs and their sweeps are what this process is for.
setInterval(() => {}, 60_000);
