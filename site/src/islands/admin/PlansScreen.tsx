import type { OperatorRole, Plan } from '@ottkit/api-client/contract';
import { codeBatchList, planSave, roleMayCall } from '@ottkit/api-client/contract';
import { useEffect, useState } from 'react';
import { createAdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';
import { consoleApi } from '../../lib/console.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { CodeBatches } from './CodeBatches.tsx';
import { Plans } from './Plans.tsx';

/** /admin/plans (issue 18 §5): plans for every role that may read them, code batches for support and admin. */
export default function PlansScreen({ lang, role }: { lang: Lang; role: OperatorRole }) {
  const t = createAdminT(lang);
  const ready = useHydrated();
  const [plans, setPlans] = useState<Plan[]>([]);
  const reload = async () => setPlans((await consoleApi.operator.planAdminList({})).planList);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once; later loads follow a save
  useEffect(() => {
    void reload().catch(() => undefined);
  }, []);
  return (
    <div className="console-main-stack" data-ready={ready}>
      <Plans lang={lang} t={t} plans={plans} reload={reload} canEdit={roleMayCall(role, planSave)} />
      {roleMayCall(role, codeBatchList) && <CodeBatches lang={lang} t={t} plans={plans} />}
    </div>
  );
}
