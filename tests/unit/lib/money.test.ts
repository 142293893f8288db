import { describe, expect, it } from 'vitest';
import { amountText, formatAmount, minorFromDatabase, parseAmount, toDecimalString, type Currency } from '@/lib/money';

const WEI = 10n ** 18n;

describe('parseAmount: every way of typing an amount, read one way in the browser and on the server', () => {
  // What is stored is the canonical decimal string the API sends (toDecimalString of the minor units).
  it.each<[string, Currency, string]>([
    // Plain digits, with or without decimals (a point or a comma before one, two or four-plus digits).
    ['1500', 'USD', '1500.00'],
    ['12000', 'USD', '12000.00'],
    ['1500.00', 'USD', '1500.00'],
    ['1500.5', 'USD', '1500.50'],
    ['12000.50', 'USD', '12000.50'],
    ['12000,50', 'USD', '12000.50'],
    ['0.01', 'USD', '0.01'],
    ['0,5', 'USD', '0.50'],
    [' 20.10 ', 'USD', '20.10'],
    ['1.50000', 'USD', '1.50'],
    ['007', 'USD', '7.00'],
    ['12.00', 'USD', '12.00'],
    ['1200.000', 'USD', '1200.00'],
    ['0.500', 'USD', '0.50'],
    // As the screens show money: a point between thousands, a comma before the decimals.
    ['12.000,00', 'USD', '12000.00'],
    ['12.000,5', 'USD', '12000.50'],
    ['1.234.567,89', 'USD', '1234567.89'],
    ['1.500.000', 'USD', '1500000.00'],
    ['USD 12.000,00', 'USD', '12000.00'],
    ['12.000,00 USD', 'USD', '12000.00'],
    ['usd 1.500,00', 'USD', '1500.00'],
    // Pasted from a spreadsheet in English, with spaces, or with a symbol.
    ['12,000.00', 'USD', '12000.00'],
    ['1,234,567.89', 'USD', '1234567.89'],
    ['1,500,000', 'USD', '1500000.00'],
    ['$12,000.00', 'USD', '12000.00'],
    ['US$ 1.234,56', 'USD', '1234.56'],
    ['12 000,00', 'USD', '12000.00'],
    ['12\u00a0000,00', 'USD', '12000.00'],
    ['\t12000\n', 'USD', '12000.00'],
    // Tokens: up to 18 decimals, trimmed on the wire.
    ['1,5', 'ETH', '1.5'],
    ['1.5', 'ETH', '1.5'],
    ['0,25', 'ETH', '0.25'],
    ['0.25', 'ETH', '0.25'],
    ['ETH 1,5', 'ETH', '1.5'],
    ['Ξ 0,25', 'ETH', '0.25'],
    ['0.000000000000000001', 'ETH', '0.000000000000000001'],
    ['0,125', 'ETH', '0.125'],
    ['2,1250', 'ETH', '2.125'],
    ['1.500,0', 'ETH', '1500'],
    ['1500', 'DAI', '1500'],
    ['DAI 250', 'DAI', '250'],
    ['1 500', 'DAI', '1500'],
    ['123456789.123456789123456789', 'DAI', '123456789.123456789123456789'],
    ['123.456.789,123456789123456789', 'DAI', '123456789.123456789123456789'],
  ])('stores %j in %s as %s', (text, currency, stored) => {
    const parsed = parseAmount(text, currency);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(toDecimalString(parsed.minor, currency)).toBe(stored);
    // What the screen sends for it is read by the server (this same function) as the same amount.
    expect(parseAmount(parsed.decimal, currency)).toEqual(parsed);
  });

  it('sends a token amount whose decimal string would read two ways with one more zero, which the server reads back the same', () => {
    expect(parseAmount('2,125', 'ETH')).toMatchObject({ ok: false });
    expect(parseAmount('2,1250', 'ETH')).toEqual({ ok: true, minor: 2n * WEI + WEI / 8n, decimal: '2.1250' });
    expect(parseAmount('2.1250', 'ETH')).toEqual({ ok: true, minor: 2n * WEI + WEI / 8n, decimal: '2.1250' });
    expect(parseAmount('999,9990', 'DAI')).toMatchObject({ decimal: '999.9990' });
    expect(parseAmount('0,125', 'ETH')).toMatchObject({ decimal: '0.125' });
    expect(parseAmount('1000,125', 'ETH')).toMatchObject({ decimal: '1000.125' });
  });

  it('reads minor units exactly', () => {
    expect(parseAmount('1500.00', 'USD')).toEqual({ ok: true, minor: 150000n, decimal: '1500.00' });
    expect(parseAmount('0,25', 'ETH')).toEqual({ ok: true, minor: WEI / 4n, decimal: '0.25' });
    expect(parseAmount('12.000,00', 'USD')).toEqual({ ok: true, minor: 1200000n, decimal: '12000.00' });
  });

  it.each<[string, Currency, string]>([
    // A figure that reads two ways: the pages' thousands point, or a spreadsheet's thousands comma.
    ['12.000', 'USD', '¿12.000 = doce mil? Escribe 12000 o 12.000,00; si son decimales, escribe 12,00.'],
    ['12,000', 'USD', '¿12,000 = doce mil? Escribe 12000 o 12.000,00; si son decimales, escribe 12,00.'],
    ['USD 12.000', 'USD', '¿12.000 = doce mil? Escribe 12000 o 12.000,00; si son decimales, escribe 12,00.'],
    ['1.500', 'USD', '¿1.500 = mil quinientos? Escribe 1500 o 1.500,00; si son decimales, escribe 1,50.'],
    ['12,500', 'USD', '¿12,500 = doce mil quinientos? Escribe 12500 o 12.500,00; si son decimales, escribe 12,50.'],
    ['21.000', 'USD', '¿21.000 = veintiún mil? Escribe 21000 o 21.000,00; si son decimales, escribe 21,00.'],
    ['101.000', 'USD', '¿101.000 = ciento un mil? Escribe 101000 o 101.000,00; si son decimales, escribe 101,00.'],
    ['1.001', 'USD', '¿1.001 = mil uno? Escribe 1001 o 1.001,00.'],
    [' 999.999 ', 'USD', '¿999.999 = novecientos noventa y nueve mil novecientos noventa y nueve? Escribe 999999 o 999.999,00.'],
    ['1.500', 'ETH', '¿1.500 = mil quinientos? Escribe 1500 o 1.500,0; si son decimales, escribe 1,5.'],
    ['1,500', 'ETH', '¿1,500 = mil quinientos? Escribe 1500 o 1.500,0; si son decimales, escribe 1,5.'],
    ['2.125', 'ETH', '¿2.125 = dos mil ciento veinticinco? Escribe 2125 o 2.125,0; si son decimales, escribe 2,1250.'],
    ['100.000', 'DAI', '¿100.000 = cien mil? Escribe 100000 o 100.000,0; si son decimales, escribe 100.'],
    // Another currency named beside the figure.
    ['ETH 1,5', 'USD', '«ETH 1,5» está en ETH, y este monto va en USD.'],
    ['USD 1.500,00', 'DAI', '«USD 1.500,00» está en USD, y este monto va en DAI.'],
    ['$ 100', 'ETH', '«$ 100» está en USD, y este monto va en ETH.'],
    // Groups that are not thousands, too many decimals, zero, negative, nothing or not a number.
    ['1.2,5', 'USD', 'Los miles van en grupos de tres cifras, por ejemplo 1.500.000 o 12.000,50.'],
    ['1.500.00', 'USD', 'Los miles van en grupos de tres cifras, por ejemplo 1.500.000 o 12.000,50.'],
    ['12,000.000,00', 'USD', 'Los miles van en grupos de tres cifras, por ejemplo 1.500.000 o 12.000,50.'],
    ['1 50', 'USD', 'Los miles van en grupos de tres cifras, por ejemplo 1.500.000 o 12.000,50.'],
    ['1000.001', 'USD', 'El monto admite como máximo 2 decimales en USD.'],
    ['1.234,567', 'USD', 'El monto admite como máximo 2 decimales en USD.'],
    ['0.0000000000000000001', 'ETH', 'El monto admite como máximo 18 decimales en ETH.'],
    ['0', 'USD', 'El monto debe ser mayor que cero.'],
    ['0,00', 'DAI', 'El monto debe ser mayor que cero.'],
    ['-5', 'USD', 'El monto debe ser mayor que cero.'],
    ['- 5.00', 'ETH', 'El monto debe ser mayor que cero.'],
    ['USD -25,00', 'USD', 'El monto debe ser mayor que cero.'],
    ['', 'USD', 'Escribe el monto.'],
    ['   ', 'USD', 'Escribe el monto.'],
    ['1e3', 'USD', 'Escribe el monto con números, por ejemplo 12000, 12.000,00 o 1,5.'],
    ['.5', 'ETH', 'Escribe el monto con números, por ejemplo 12000, 12.000,00 o 1,5.'],
    ['5,', 'ETH', 'Escribe el monto con números, por ejemplo 12000, 12.000,00 o 1,5.'],
    ['NaN', 'USD', 'Escribe el monto con números, por ejemplo 12000, 12.000,00 o 1,5.'],
    ['EUR 100', 'USD', 'Escribe el monto con números, por ejemplo 12000, 12.000,00 o 1,5.'],
    ['doce mil', 'USD', 'Escribe el monto con números, por ejemplo 12000, 12.000,00 o 1,5.'],
    ['1'.repeat(31), 'USD', 'El monto es demasiado grande.'],
  ])('refuses %j in %s', (text, currency, message) => {
    expect(parseAmount(text, currency)).toEqual({ ok: false, message });
  });
});

describe('amountText', () => {
  it.each<[bigint, Currency, string]>([
    [1200000n, 'USD', '12.000,00'],
    [WEI + WEI / 2n, 'ETH', '1,5'],
    // Token amounts that would read two ways take one more zero, and read back the same.
    [1500n * WEI, 'ETH', '1.500,0'],
    [2n * WEI + WEI / 8n, 'ETH', '2,1250'],
    [1500000n * WEI, 'DAI', '1.500.000'],
  ])('shows %s %s in the field as %s, which reads back unchanged', (minor, currency, text) => {
    expect(amountText(minor, currency)).toBe(text);
    expect(parseAmount(text, currency)).toMatchObject({ ok: true, minor });
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
