// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleRechargeCodeLength as LENGTH } from '../fixtures/fixtures.ts';
import { MessagesProvider } from '../messages/index.ts';
import { isRechargeCodeComplete, sanitizeRechargeCode } from './rechargeCode.ts';
import { RechargeCodeInput } from './RechargeCodeInput.tsx';

afterEach(cleanup);

describe('recharge code rules', () => {
  it('keeps digits only and at most the length given', () => {
    expect(sanitizeRechargeCode('12a3-4 5', 16)).toBe('12345');
    expect(sanitizeRechargeCode('１２', 16)).toBe('');
    expect(sanitizeRechargeCode('12345678901234567890', 16)).toBe('1234567890123456');
    expect(sanitizeRechargeCode('12345678901234567890', 12)).toBe('123456789012');
  });
  it('is complete at exactly the length given', () => {
    expect(isRechargeCodeComplete('123456789012345', 16)).toBe(false);
    expect(isRechargeCodeComplete('1234567890123456', 16)).toBe(true);
    expect(isRechargeCodeComplete('123456789012', 12)).toBe(true);
    expect(isRechargeCodeComplete('1234567890123456', 12)).toBe(false);
    expect(isRechargeCodeComplete('12345678901a', 12)).toBe(false);
  });
});

describe('RechargeCodeInput', () => {
  const input = () => screen.getByRole('textbox', { name: 'Recharge code' }) as HTMLInputElement;
  const confirm = () => screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;

  it('strips non-digits as typed and enables Confirm at exactly the length', () => {
    const onConfirm = vi.fn();
    render(<RechargeCodeInput length={LENGTH} onConfirm={onConfirm} />);
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

  it('keeps all the digits of a pasted code written with dashes', () => {
    render(<RechargeCodeInput length={LENGTH} onConfirm={() => {}} />);
    fireEvent.change(input(), { target: { value: '1234-5678-9012-3456' } });
    expect(input().value).toBe('1234567890123456');
    expect(confirm().disabled).toBe(false);
  });

  it('takes its length from the host: the placeholder, the count, the cut and Confirm follow it', () => {
    const onConfirm = vi.fn();
    render(<RechargeCodeInput length={12} onConfirm={onConfirm} />);
    expect(input().placeholder).toBe('Enter the 12-digit recharge code');
    expect(screen.getByText('0 of 12 digits')).toBeTruthy();
    fireEvent.change(input(), { target: { value: '1234-5678-9012-3456' } });
    expect(input().value).toBe('123456789012');
    expect(screen.getByText('12 of 12 digits')).toBeTruthy();
    confirm().click();
    expect(onConfirm).toHaveBeenCalledWith('123456789012');
  });

  it("fills the length into the site's texts", () => {
    render(
      <MessagesProvider
        messages={{
          rechargeCodePlaceholder: 'Ingresa el código de recarga de {max} dígitos',
          rechargeCodeHint: '{count} de {max} dígitos',
        }}
      >
        <RechargeCodeInput length={LENGTH} onConfirm={() => {}} />
      </MessagesProvider>,
    );
    expect(screen.getByPlaceholderText(`Ingresa el código de recarga de ${LENGTH} dígitos`)).toBeTruthy();
    expect(screen.getByText(`0 de ${LENGTH} dígitos`)).toBeTruthy();
  });

  it('does not confirm an incomplete code with Enter', () => {
    const onConfirm = vi.fn();
    render(<RechargeCodeInput length={LENGTH} onConfirm={onConfirm} />);
    fireEvent.change(input(), { target: { value: '123' } });
    fireEvent.submit(input().form as HTMLFormElement);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('is disabled while busy and announces an error', () => {
    render(<RechargeCodeInput length={LENGTH} onConfirm={() => {}} busy error="Invalid recharge code" />);
    expect(input().disabled).toBe(true);
    expect(confirm().disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('Invalid recharge code');
    expect(input().getAttribute('aria-invalid')).toBe('true');
  });
});
