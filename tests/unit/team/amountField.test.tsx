import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type FormEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { parseAmount, type Currency } from '@/lib/money';
import { AmountField } from '@/team/kit/AmountField';

const HINT = 'Por ejemplo 12000 o 12.000,00: el punto separa los miles y la coma, los decimales.';

/**
 * The field as a screen uses it: its text in state; on saving, the screen reads it with the same
 * parser, shows the refusal on the field or sends the parsed decimal (shown here as "Enviado: …").
 */
function Harness({ currency = 'USD', help }: { currency?: Currency | null; help?: string }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseAmount(value, currency ?? 'USD');
    setError(parsed.ok ? null : parsed.message);
    setSent(parsed.ok ? parsed.decimal : null);
  };
  return (
    <form onSubmit={save}>
      <AmountField id="monto" label="Monto aprobado" help={help} currency={currency} value={value} onChange={setValue} error={error} />
      <button type="submit">Guardar</button>
      {sent ? <output>Enviado: {sent}</output> : null}
    </form>
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

  it('says nothing while a figure cannot be read, nor when the field is left; the refusal comes with the save, once, on the field', async () => {
    const { user, input, reading } = setup();
    const message = '¿12.000 = doce mil? Escribe 12000 o 12.000,00; si son decimales, escribe 12,00.';
    await user.type(input, '12.000');
    expect(reading).toBeEmptyDOMElement();
    await user.tab();
    expect(reading).toBeEmptyDOMElement();
    expect(screen.queryByText(message)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(`${HINT} ${message}`);
    expect(screen.queryByText(/^Enviado/)).toBeNull();

    // Once the text reads as an amount, the reading replaces the refusal, before saving again.
    await user.type(input, ',00');
    expect(reading).toHaveTextContent('Se guardará como USD 12.000,00.');
    expect(screen.queryByText(message)).toBeNull();
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByText('Enviado: 12000.00')).toBeVisible();
  });

  it.each<[string, Currency, string]>([
    ['1.500', 'ETH', '¿1.500 = mil quinientos? Escribe 1500 o 1.500,0; si son decimales, escribe 1,5.'],
    ['1,500', 'USD', '¿1,500 = mil quinientos? Escribe 1500 o 1.500,00; si son decimales, escribe 1,50.'],
    ['2,125', 'ETH', '¿2,125 = dos mil ciento veinticinco? Escribe 2125 o 2.125,0; si son decimales, escribe 2,1250.'],
    ['ETH 2', 'USD', '«ETH 2» está en ETH, y este monto va en USD.'],
    ['12.000,123', 'USD', 'El monto admite como máximo 2 decimales en USD.'],
    ['1.2,5', 'USD', 'Los miles van en grupos de tres cifras, por ejemplo 1.500.000 o 12.000,50.'],
    ['-5', 'DAI', 'El monto debe ser mayor que cero.'],
    ['doce mil', 'USD', 'Escribe el monto con números, por ejemplo 12000, 12.000,00 o 1,5.'],
  ])('refuses %j in %s on saving, with no reading before: %s', async (typed, currency, said) => {
    const { user, input, reading } = setup({ currency });
    await user.type(input, typed);
    expect(reading).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByText(said)).toBeVisible();
    expect(screen.queryByText(/^Enviado/)).toBeNull();
  });

  it.each<[string, Currency, string, string]>([
    ['USD 12.000,00', 'USD', 'Se guardará como USD 12.000,00.', '12000.00'],
    ['12,000.00', 'USD', 'Se guardará como USD 12.000,00.', '12000.00'],
    ['1,5', 'ETH', 'Se guardará como ETH 1,5.', '1.5'],
    ['2,1250', 'ETH', 'Se guardará como ETH 2,125.', '2.1250'],
    ['1.500,0', 'DAI', 'Se guardará como DAI 1.500.', '1500'],
  ])('saves %j in %s as it said (%s), sending %s', async (typed, currency, said, decimal) => {
    const { user, input, reading } = setup({ currency });
    await user.type(input, typed);
    expect(reading).toHaveTextContent(said);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByText(`Enviado: ${decimal}`)).toBeVisible();
  });

  it('reads nothing until the currency is known (Registrar pago before a method is chosen)', async () => {
    const { user, input, reading } = setup({ currency: null });
    await user.type(input, '1,5');
    expect(reading).toBeEmptyDOMElement();
  });
});
