import { listPlans } from '../store/plans.ts';
import { type Command, withStore } from './command.ts';

export const plansCommand: Command = {
  name: 'plans',
  usage: '  plans                                                             plans on sale',
  run: (args) =>
    withStore(args, {}, ({ db }) => {
      for (const p of listPlans(db)) {
        const name = p.planLang.find((l) => l.lang === 'en')?.planName ?? p.planId;
        console.log(`${p.planId}  ${name}  ${p.price} ${p.currency}  ${p.productId} ${p.durationDays} days`);
      }
      return 0;
    }),
};
