import { vi } from 'vitest';
import { main } from '../src/cli.ts';

/** Runs an operator CLI command in-process; its exit code and the lines it printed. */
export async function runCli(argv: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void lines.push(a.join(' ')));
  try {
    return { code: await main(argv), lines };
  } finally {
    log.mockRestore();
  }
}
