import { useEffect, useState } from 'react';

/**
 * Puts the focus back on an element once the screen is no longer busy: a move button is disabled while its
 * call runs (which drops the focus), and a keyboard user expects to stay on it to move again.
 */
export function useFocusAfter(busy: boolean): (id: string) => void {
  const [pending, setPending] = useState<string | null>(null);
  useEffect(() => {
    if (busy || !pending) return;
    document.getElementById(pending)?.focus();
    setPending(null);
  }, [busy, pending]);
  return setPending;
}
