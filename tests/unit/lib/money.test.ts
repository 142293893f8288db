import { describe, expect, it } from 'vitest';
import { formatAmount, minorFromDatabase, parseAmount, toDecimalString, type Currency } from '@/lib/money';

const WEI = 10n ** 18n;

describe('parseAmount', () => {
  it.each<[string, Currency, bigint]>([
    ['1500', 'USD', 150000n],
    ['1500.00', 'USD', 150000n],
    ['1500.5', 'USD', 150050n],
    ['0.01', 'USD', 1n],
    [' 20.10 ', 'USD', 2010n],
    ['0.25', 'ETH', WEI / 4n],
    ['1', 'ETH', WEI],
    ['0.000000000000000001', 'ETH', 1n],
    ['123456789.123456789123456789', 'DAI', 123456789n * WEI + 123456789123456789n],
    ['1.50000', 'USD', 150n],
    ['007', 'USD', 700n],
    // Not a thousands point: four digits before it, a zero whole part, or a token's real third decimal.
    ['1200.000', 'USD', 120000n],
    ['0.500', 'USD', 50n],
    ['12.00', 'USD', 1200n],
    ['2.125', 'ETH', 2n * WEI + WEI / 8n],
    ['0.500', 'ETH', WEI / 2n],
    ['1.5', 'ETH', WEI + WEI / 2n],
    ['1500', 'DAI', 1500n * WEI],
  ])('reads %s %s as %s minor units', (text, currency, minor) => {
    expect(parseAmount(text, currency)).toEqual({ ok: true, minor });
  });

  it.each<[string, Currency, string]>([
    ['1000.001', 'USD', 'El monto admite como máximo 2 decimales en USD.'],
    ['1.001', 'USD', '«1.001» parece llevar un punto de miles. Escribe el monto sin separador de miles (1001); el punto solo separa los decimales (1001.50).'],
    ['0.0000000000000000001', 'ETH', 'El monto admite como máximo 18 decimales en ETH.'],
    ['0', 'USD', 'El monto debe ser mayor que cero.'],
    ['0.00', 'DAI', 'El monto debe ser mayor que cero.'],
    ['-5', 'USD', 'El monto debe ser mayor que cero.'],
    ['- 5.00', 'ETH', 'El monto debe ser mayor que cero.'],
    ['', 'USD', 'Escribe el monto.'],
    ['1,500', 'USD', 'Escribe el monto solo con números y un punto para los decimales, por ejemplo 1500.50.'],
    ['1e3', 'USD', 'Escribe el monto solo con números y un punto para los decimales, por ejemplo 1500.50.'],
    ['.5', 'ETH', 'Escribe el monto solo con números y un punto para los decimales, por ejemplo 1500.50.'],
    ['NaN', 'USD', 'Escribe el monto solo con números y un punto para los decimales, por ejemplo 1500.50.'],
    ['1'.repeat(31), 'USD', 'El monto es demasiado grande.'],
    // The pages show "USD 12.000,00": typed back as shown, the point is read as thousands, not as 12 dollars.
    ['12.000', 'USD', '«12.000» parece llevar un punto de miles. Escribe el monto sin separador de miles (12000); el punto solo separa los decimales (12000.50).'],
    ['1.500', 'USD', '«1.500» parece llevar un punto de miles. Escribe el monto sin separador de miles (1500); el punto solo separa los decimales (1500.50).'],
    [' 999.999 ', 'USD', '«999.999» parece llevar un punto de miles. Escribe el monto sin separador de miles (999999); el punto solo separa los decimales (999999.50).'],
    // In a token only a trailing zero makes it ambiguous: 1500 ETH as shown, or 1.5 written with zeros.
    ['1.500', 'ETH', '«1.500» puede leerse como 1500 o como 1.5: escribe 1500 si son miles, o 1.5 si son decimales.'],
    ['100.000', 'DAI', '«100.000» puede leerse como 100000 o como 100: escribe 100000 si son miles, o 100 si son decimales.'],
    ['12.000,00', 'USD', 'Escribe el monto solo con números y un punto para los decimales, por ejemplo 1500.50.'],
    ['1.500.000', 'USD', 'Escribe el monto solo con números y un punto para los decimales, por ejemplo 1500.50.'],
  ])('refuses %j in %s', (text, currency, message) => {
    expect(parseAmount(text, currency)).toEqual({ ok: false, message });
  });
});

describe('formatAmount and toDecimalString', () => {
  it.each<[bigint, Currency, string, string]>([
    [150000n, 'USD', 'USD 1.500,00', '1500.00'],
    [1n, 'USD', 'USD 0,01', '0.01'],
    [123456789n, 'USD', 'USD 1.234.567,89', '1234567.89'],
    [WEI + WEI / 2n, 'ETH', 'ETH 1,5', '1.5'],
    [WEI / 4n, 'ETH', 'ETH 0,25', '0.25'],
    [250n * WEI, 'DAI', 'DAI 250', '250'],
    [1n, 'ETH', 'ETH 0,000000000000000001', '0.000000000000000001'],
    [-2500n, 'USD', 'USD -25,00', '-25.00'],
  ])('shows %s %s as %s and sends it as %s', (minor, currency, shown, wire) => {
    expect(formatAmount(minor, currency)).toBe(shown);
    expect(toDecimalString(minor, currency)).toBe(wire);
  });

  it.each<[string, Currency]>([
    ['1500.00', 'USD'],
    ['0.25', 'ETH'],
    ['98765432109876543210.123456789012345678', 'DAI'],
  ])('round-trips %s %s exactly through minor units', (text, currency) => {
    const parsed = parseAmount(text, currency);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(toDecimalString(parsed.minor, currency)).toBe(text);
  });
});

describe('minorFromDatabase', () => {
  it('reads numeric(78,0) text without losing digits', () => {
    expect(minorFromDatabase('123456789012345678901234567890')).toBe(123456789012345678901234567890n);
    expect(minorFromDatabase(42)).toBe(42n);
    expect(() => minorFromDatabase(2 ** 60)).toThrow();
  });
});
