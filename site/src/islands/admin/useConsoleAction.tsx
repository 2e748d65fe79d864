import { useState } from 'react';
import type { AdminT } from '../../i18n/admin.ts';
import { consoleErrorText } from '../../lib/console.ts';

type Outcome = { ok: boolean; text: string };

/**
 * One way every console screen runs a call: busy while it runs, its failure in the console's words, and an
 * optional success text the work answers.
 */
export function useConsoleAction(t: AdminT) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setOutcome(null);
    try {
      const done = await work();
      if (typeof done === 'string') setOutcome({ ok: true, text: done });
    } catch (e) {
      setOutcome({ ok: false, text: consoleErrorText(e, t) });
    } finally {
      setBusy(false);
    }
  };
  return { busy, outcome, setOutcome, act };
}

/** What the last action said: a success as a status, a failure as an alert. */
export function Outcome({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return null;
  return outcome.ok ? (
    <p className="console-ok" role="status">
      {outcome.text}
    </p>
  ) : (
    <p className="console-error" role="alert">
      {outcome.text}
    </p>
  );
}
