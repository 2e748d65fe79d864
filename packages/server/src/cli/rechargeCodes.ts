import { codeBatchCreate, RECHARGE_CODE_LENGTH } from '@ottkit/api-client/contract';
import { CLI_ACTOR } from '../operator/audit.ts';
import { createBatchAudited, voidAudited } from '../operator/commerce.ts';
import { batchSummary } from '../store/rechargeCodes.ts';
import { type Command, str, UsageError, withStore } from './command.ts';

export const rechargeCodesCommand: Command = {
  name: 'recharge-codes',
  usage: `  recharge-codes create --plan PLAN_ID --count N                    a batch of ${RECHARGE_CODE_LENGTH}-digit codes (shown once)
  recharge-codes list                                               batches and how many were redeemed
  recharge-codes void --batch BATCH_ID [--code CODE]                void a batch's unredeemed codes, or one code`,
  run: (args) =>
    withStore(
      args,
      {
        plan: { type: 'string' },
        count: { type: 'string' },
        batch: { type: 'string' },
        code: { type: 'string' },
      },
      async ({ db, config, values, positionals }) => {
        if (positionals[0] === 'create') {
          const plan = str(values.plan);
          if (!plan) throw new Error('--plan PLAN_ID is required (see: ottkit-server plans)');
          // The console's rules and domain code: the count checked by the contract, the batch made in one
          // transaction on the asynchronous store, audited as the command line (decision 0434).
          const asked = codeBatchCreate.request.safeParse({
            planId: plan,
            count: Number(values.count ?? 10),
          });
          if (!asked.success) throw new Error(asked.error.issues[0]?.message ?? 'Give --count N');
          const { batch, codes } = await createBatchAudited(
            db,
            config.secret,
            CLI_ACTOR,
            plan,
            asked.data.count,
            Date.now(),
          );
          console.log(
            `batch ${batch.batchId} for ${plan}: ${codes.length} codes (store them now; only hashes are kept)`,
          );
          for (const c of codes) console.log(c);
          return 0;
        }
        if (positionals[0] === 'void') {
          const batch = str(values.batch);
          if (!batch) throw new Error('--batch BATCH_ID is required (see: recharge-codes list)');
          // The console's domain code: audited as the command line, a voided code refused like an unknown one.
          const { voided } = await voidAudited(
            db,
            config.secret,
            CLI_ACTOR,
            batch,
            str(values.code),
            Date.now(),
          );
          console.log(`${voided} codes of ${batch} voided`);
          return 0;
        }
        if (positionals[0] === 'list') {
          for (const b of batchSummary(db))
            console.log(`${b.batch_id} ${b.plan_id} ${b.redeemed}/${b.total} redeemed`);
          return 0;
        }
        throw new UsageError();
      },
    ),
};
