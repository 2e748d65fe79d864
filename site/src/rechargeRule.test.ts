import { RECHARGE_CODE_LENGTH as CONTRACT_LENGTH, rechargeCodeSchema } from '@ottkit/api-client/contract';
import { isRechargeCodeComplete, RECHARGE_CODE_LENGTH as KIT_LENGTH } from '@ottkit/ui';
import { describe, expect, it } from 'vitest';

// The recharge code rule has one definition, the contract's; the kit's field (which imports no value from the
// api-client, DESIGN §2) keeps a copy of the length, held to it here (issue 38).
describe('the recharge code rule', () => {
  it("the kit's field completes exactly what the contract accepts", () => {
    expect(KIT_LENGTH).toBe(CONTRACT_LENGTH);
    const code = '7'.repeat(CONTRACT_LENGTH);
    expect(rechargeCodeSchema.safeParse(code).success).toBe(true);
    expect(isRechargeCodeComplete(code)).toBe(true);
    expect(rechargeCodeSchema.safeParse(code.slice(1)).success).toBe(false);
    expect(isRechargeCodeComplete(code.slice(1))).toBe(false);
  });
});
