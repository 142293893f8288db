import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Currency } from '@/lib/money';
import { AmountField } from '@/team/kit/AmountField';

const HINT = 'Por ejemplo 12000 o 12.000,00: el punto separa los miles y la coma, los decimales.';

/** The field as a screen holds it: its text in state, a refusal passed down after a save was tried. */
function Harness({ currency = 'USD', help, error }: { currency?: Currency | null; help?: string; error?: string }) {
  const [value, setValue] = useState('');
  return (
    <>
      <AmountField id="monto" label="Monto aprobado" help={help} currency={currency} value={value} onChange={setValue} error={error} />
      <button type="button">Después</button>
    </>
  );
}

function setup(props: Parameters<typeof Harness>[0] = {}) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  const input = screen.getByLabelText('Monto aprobado');
  const reading = document.getElementById('monto-reading')!;
  return { user, input, reading };
}

describe('AmountField: the one amount field', () => {
  it('shows the one hint after the screen’s own help, with no reading while it is empty', () => {
    const { input, reading } = setup({ help: 'Puede diferir de lo pedido.' });
    expect(input).toHaveAccessibleDescription(`Puede diferir de lo pedido. ${HINT}`);
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(reading).toHaveAttribute('aria-live', 'polite');
    expect(reading).toBeEmptyDOMElement();
  });

  it.each<[string, Currency, string]>([
    ['12.000,00', 'USD', 'Se guardará como USD 12.000,00.'],
    ['12000', 'USD', 'Se guardará como USD 12.000,00.'],
    ['12000.5', 'USD', 'Se guardará como USD 12.000,50.'],
    ['1,5', 'ETH', 'Se guardará como ETH 1,5.'],
    ['0,25', 'DAI', 'Se guardará como DAI 0,25.'],
  ])('typing %j in %s says before saving what will be saved: %s', async (typed, currency, said) => {
    const { user, input, reading } = setup({ currency });
    await user.type(input, typed);
    expect(reading).toHaveTextContent(said);
    expect(input).toHaveAccessibleDescription(`${HINT} ${said}`);
  });

  it.each<[string, string]>([
    ['USD 12,000.00', 'Se guardará como USD 12.000,00.'],
    ['$1,234,567.89', 'Se guardará como USD 1.234.567,89.'],
    ['12\u00a0000,50\t', 'Se guardará como USD 12.000,50.'],
    ['US$ 1.500,00', 'Se guardará como USD 1.500,00.'],
  ])('a paste from a spreadsheet, %j, stays as pasted and reads as the screens write it', async (pasted, said) => {
    const { user, input, reading } = setup();
    await user.click(input);
    await user.paste(pasted);
    expect(input).toHaveValue(pasted);
    expect(reading).toHaveTextContent(said);
  });

  it('does not refuse a figure mid-typing; once left, says how it read «12.000»; typing again takes the refusal away', async () => {
    const { user, input, reading } = setup();
    await user.type(input, '12.000');
    expect(reading).toBeEmptyDOMElement();
    await user.tab();
    expect(reading).toHaveTextContent('¿12.000 = doce mil? Escribe 12000 o 12.000,00; si son decimales, escribe 12,00.');
    expect(input).toHaveAccessibleDescription(`${HINT} ¿12.000 = doce mil? Escribe 12000 o 12.000,00; si son decimales, escribe 12,00.`);
    // Not yet an error of the form: nothing was saved.
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.type(input, ',00');
    expect(reading).toHaveTextContent('Se guardará como USD 12.000,00.');
  });

  it.each<[string, Currency, string]>([
    ['1.500', 'ETH', '¿1.500 = mil quinientos? Escribe 1500 o 1.500,0; si son decimales, escribe 1,5.'],
    ['1,500', 'USD', '¿1,500 = mil quinientos? Escribe 1500 o 1.500,00; si son decimales, escribe 1,50.'],
    ['ETH 2', 'USD', '«ETH 2» está en ETH, y este monto va en USD.'],
    ['12.000,123', 'USD', 'El monto admite como máximo 2 decimales en USD.'],
    ['-5', 'DAI', 'El monto debe ser mayor que cero.'],
    ['doce mil', 'USD', 'Escribe el monto con números, por ejemplo 12000, 12.000,00 o 1,5.'],
  ])('left with %j in %s, it says: %s', async (typed, currency, said) => {
    const { user, input, reading } = setup({ currency });
    await user.type(input, typed);
    await user.tab();
    expect(reading).toHaveTextContent(said);
  });

  it('shows the screen’s refusal once, as the field’s error, and marks the field invalid', async () => {
    const message = '¿12.000 = doce mil? Escribe 12000 o 12.000,00; si son decimales, escribe 12,00.';
    const { user, input, reading } = setup({ error: message });
    await user.type(input, '12.000');
    await user.tab();
    expect(reading).toBeEmptyDOMElement();
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(`${HINT} ${message}`);
  });

  it('reads nothing until the currency is known (Registrar pago before a method is chosen)', async () => {
    const { user, input, reading } = setup({ currency: null });
    await user.type(input, '1,5');
    await user.tab();
    expect(reading).toBeEmptyDOMElement();
  });
});
