// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isRechargeCodeComplete, RECHARGE_CODE_LENGTH, sanitizeRechargeCode } from './rechargeCode.ts';
import { RechargeCodeInput } from './RechargeCodeInput.tsx';

afterEach(cleanup);

describe('recharge code rules', () => {
  it('keeps digits only and at most 16', () => {
    expect(RECHARGE_CODE_LENGTH).toBe(16);
    expect(sanitizeRechargeCode('12a3-4 5')).toBe('12345');
    expect(sanitizeRechargeCode('１２')).toBe('');
    expect(sanitizeRechargeCode('12345678901234567890')).toBe('1234567890123456');
  });
  it('is complete at exactly 16 digits', () => {
    expect(isRechargeCodeComplete('123456789012345')).toBe(false);
    expect(isRechargeCodeComplete('1234567890123456')).toBe(true);
  });
});

describe('RechargeCodeInput', () => {
  const input = () => screen.getByRole('textbox', { name: 'Recharge code' }) as HTMLInputElement;
  const confirm = () => screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;

  it('strips non-digits as typed and enables Confirm at exactly 16', () => {
    const onConfirm = vi.fn();
    render(<RechargeCodeInput onConfirm={onConfirm} />);
    expect(input().inputMode).toBe('numeric');
    fireEvent.change(input(), { target: { value: '1234 5678-abcd' } });
    expect(input().value).toBe('12345678');
    expect(confirm().disabled).toBe(true);
    fireEvent.change(input(), { target: { value: '123456789012345' } });
    expect(confirm().disabled).toBe(true);
    fireEvent.change(input(), { target: { value: '12345678901234567' } });
    expect(input().value).toBe('1234567890123456');
    expect(confirm().disabled).toBe(false);
    expect(screen.getByText('16 of 16 digits')).toBeTruthy();
    confirm().click();
    expect(onConfirm).toHaveBeenCalledWith('1234567890123456');
  });

  it('keeps all 16 digits of a pasted code written with dashes', () => {
    render(<RechargeCodeInput onConfirm={() => {}} />);
    fireEvent.change(input(), { target: { value: '1234-5678-9012-3456' } });
    expect(input().value).toBe('1234567890123456');
    expect(confirm().disabled).toBe(false);
  });

  it('does not confirm an incomplete code with Enter', () => {
    const onConfirm = vi.fn();
    render(<RechargeCodeInput onConfirm={onConfirm} />);
    fireEvent.change(input(), { target: { value: '123' } });
    fireEvent.submit(input().form as HTMLFormElement);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('is disabled while busy and announces an error', () => {
    render(<RechargeCodeInput onConfirm={() => {}} busy error="Invalid recharge code" />);
    expect(input().disabled).toBe(true);
    expect(confirm().disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('Invalid recharge code');
    expect(input().getAttribute('aria-invalid')).toBe('true');
  });
});
