import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import GranteeFinanceForm from '@/forms/GranteeFinanceForm';
import { granteeFinance } from '@/forms/definitions';
import { answerJson, control, fill, renderPage, submitButton } from './harness';
import { granteeFinancePayload, granteeFinanceSample } from './samples';

const PATH = '/applicants/grantee-finance';
const shown = (name: string) => document.getElementById(`field-${name}`) !== null;
const checked = (name: string) => (document.querySelector(`input[name="${name}"]:checked`) as HTMLInputElement | null)?.value;
const ETH_ADDRESS = granteeFinanceSample.ethAddress ?? '';
const BANK = { beneficiaryAddress: 'Calle 1, Lima', bankName: 'Banco Ejemplo', bankAddress: 'Av. 2, Lima', IBAN: 'PE123456789', SWIFTCode: 'BEXAPEPL', fiatCurrencyCode: 'PEN' };

const answerFinance = (status: number) => answerJson('put', '/api/grantee-finance', status);

describe('Grantee finance form', { timeout: 30_000 }, () => {
  beforeEach(() => localStorage.clear());

  it('shows nothing but the payment preference at first; ETH/DAI reveals token, Layer 2 and the address for the token; Fiat the bank fields', async () => {
    const { user } = renderPage(<GranteeFinanceForm />, PATH);
    expect(['beneficiaryName', 'granteeSecurityID', 'tokenPreference', 'bankName'].map(shown)).toEqual([false, false, false, false]);

    await fill(user, granteeFinance, { paymentPreference: 'ETH/DAI' });
    expect(['beneficiaryName', 'contactEmail', 'notes', 'granteeSecurityID', 'ethAddress', 'daiAddress', 'bankName'].map(shown)).toEqual([true, true, true, true, true, false, false]);
    expect([checked('tokenPreference'), checked('l2Payment')]).toEqual(['ETH', 'No']);
    await fill(user, granteeFinance, { tokenPreference: 'DAI' });
    expect([shown('ethAddress'), shown('daiAddress')]).toEqual([false, true]);

    await fill(user, granteeFinance, { paymentPreference: 'Fiat' });
    expect(Object.keys(BANK).map(shown)).toEqual([true, true, true, true, true, true]);
    expect([shown('tokenPreference'), shown('ethAddress'), shown('daiAddress')]).toEqual([false, false, false]);
  });

  it('checks the address format, then its EIP-55 checksum when mixed case', async () => {
    const { user } = renderPage(<GranteeFinanceForm />, PATH);
    await fill(user, granteeFinance, { paymentPreference: 'ETH/DAI', ethAddress: '0x1234' });
    expect(await screen.findByText('ETH address must have a valid format.')).toBeInTheDocument();
    await fill(user, granteeFinance, { ethAddress: '0x52908400098527886E0F7030069857D2E4169Ee7' });
    expect(screen.queryByText('ETH address must have a valid format.')).toBeNull();
    expect(control('ethAddress')).toHaveAttribute('aria-invalid', 'true');
  });

  it('clears the addresses and bank details and resets token and Layer 2 when the preference changes; clears the addresses when the token changes', async () => {
    const { user } = renderPage(<GranteeFinanceForm />, PATH);
    await fill(user, granteeFinance, { paymentPreference: 'ETH/DAI', l2Payment: 'Yes', tokenPreference: 'ETH', ethAddress: ETH_ADDRESS });
    await fill(user, granteeFinance, { tokenPreference: 'DAI' });
    expect(control('daiAddress')).toHaveValue('');
    await fill(user, granteeFinance, { tokenPreference: 'ETH' });
    expect(control('ethAddress')).toHaveValue('');

    await fill(user, granteeFinance, { ethAddress: ETH_ADDRESS, tokenPreference: 'ETH' });
    await fill(user, granteeFinance, { paymentPreference: 'Fiat', ...BANK });
    await fill(user, granteeFinance, { paymentPreference: 'ETH/DAI' });
    expect([checked('tokenPreference'), checked('l2Payment')]).toEqual(['ETH', 'No']);
    expect(control('ethAddress')).toHaveValue('');
    await fill(user, granteeFinance, { paymentPreference: 'Fiat' });
    expect(Object.keys(BANK).map((name) => (control(name) as HTMLInputElement).value)).toEqual(['', '', '', '', '', '']);
  });

  it('reads the payment details back for confirmation before sending, PUTs them with l2Payment as a boolean, and keeps no draft', async () => {
    const bodies = answerFinance(200);
    const { user, pageLoads } = renderPage(<GranteeFinanceForm />, PATH);
    await fill(user, granteeFinance, granteeFinanceSample);
    await user.click(submitButton());
    expect(bodies).toHaveLength(0);
    const review = screen.getByRole('region', { name: 'Please check your payment details' });
    expect(screen.getByRole('heading', { name: 'Please check your payment details' }), 'focus moves to the summary').toHaveFocus();
    expect(review).toHaveTextContent(ETH_ADDRESS);
    expect(review).toHaveTextContent('Fundación Ejemplo');
    expect(review).not.toHaveTextContent('KEY-PHRASE-123');

    await user.click(screen.getByRole('button', { name: /Confirm and send/ }));
    await waitFor(() => expect(pageLoads).toHaveBeenCalledWith('/applicants/grantee-finance/thank-you/'));
    expect(bodies).toEqual([granteeFinancePayload]);
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it('says to check the security ID on a 404, keeping every value', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answerFinance(404);
    const { user, pageLoads } = renderPage(<GranteeFinanceForm />, PATH);
    await fill(user, granteeFinance, granteeFinanceSample);
    await user.click(submitButton());
    await user.click(screen.getByRole('button', { name: /Confirm and send/ }));
    expect(await screen.findByText('Please make sure the Security Grantee ID is correct.')).toBeInTheDocument();
    expect(pageLoads).not.toHaveBeenCalled();
    expect(control('granteeSecurityID')).toHaveValue('KEY-PHRASE-123');
    expect(control('ethAddress')).toHaveValue(granteeFinanceSample.ethAddress);
  });
});
