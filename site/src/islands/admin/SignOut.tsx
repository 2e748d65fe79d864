import { useState } from 'react';
import { createAdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';
import { consoleApi } from '../../lib/console.ts';

/** Ends the operator session on the server (the cookie is cleared by the answer), then back to sign-in. */
export default function SignOut({ lang }: { lang: Lang }) {
  const t = createAdminT(lang);
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="console-button secondary"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void consoleApi.operator
          .operatorSignOut({})
          .catch(() => undefined)
          .finally(() => window.location.assign('/admin/login'));
      }}
    >
      {t('admin.signOut')}
    </button>
  );
}
