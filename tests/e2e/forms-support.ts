/**
 * Helpers of the application-form browser tests: the captcha provider's script answered by a stub
 * at the network layer, filling fields the way an applicant does, and reading what was sent.
 */
import type { Page, Request } from '@playwright/test';
import type { FormDefinition, FormValues } from '../../src/forms/definitions/types';
import { expect } from './fixtures';

export const CAPTCHA_TOKEN = 'e2e-captcha-token';

/**
 * Stands in for https://www.google.com/recaptcha/api.js: defines grecaptcha, renders a button that
 * "solves" the challenge, counts resets, and calls the onload callback asynchronously as the real
 * script does (a synchronous call makes react-async-script report "Script is not loaded.").
 */
function captchaStub(onload: string): string {
  return `
window.__captchaResets = 0;
window.grecaptcha = {
  render: function (element, params) {
    var button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'I am not a robot';
    button.onclick = function () { params.callback(${JSON.stringify(CAPTCHA_TOKEN)}); };
    element.appendChild(button);
    window.__captchaExpire = function () { params['expired-callback'](); };
    return 0;
  },
  getResponse: function () { return ''; },
  reset: function () { window.__captchaResets += 1; },
  execute: function () {},
  ready: function (callback) { callback(); },
};
setTimeout(function () { window[${JSON.stringify(onload)}] && window[${JSON.stringify(onload)}](); }, 0);
`;
}

export async function stubCaptcha(page: Page): Promise<void> {
  await page.route(/^https:\/\/www\.google\.com\/recaptcha\/api\.js/, async (route) => {
    const onload = new URL(route.request().url()).searchParams.get('onload') ?? 'onloadcallback';
    await route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: captchaStub(onload) });
  });
}

export async function solveCaptcha(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'I am not a robot' }).click();
}

export const captchaResets = (page: Page): Promise<number> => page.evaluate(() => (window as unknown as { __captchaResets: number }).__captchaResets);

/** Answers `path` with `status` and records the requests. */
export async function answer(page: Page, path: string, status: number): Promise<Request[]> {
  const requests: Request[] = [];
  await page.route(`**${path}`, async (route) => {
    requests.push(route.request());
    await route.fulfill({ status, contentType: 'application/json', body: status < 300 ? '{"ok":true}' : '{"error":"boom"}' });
  });
  return requests;
}

/** Types, picks or checks each value in its field, in order, as an applicant does. */
export async function fill(page: Page, definition: FormDefinition, values: FormValues): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    const field = definition.fields.find((candidate) => candidate.name === name);
    if (!field) throw new Error(`${definition.key} has no field ${name}`);
    const option = field.options?.find((candidate) => candidate.value === value);
    if (field.kind === 'select') {
      if (!option) throw new Error(`${name} has no option ${value}`);
      const input = page.locator(`input#field-${name}`);
      await input.click();
      await input.fill(option.label.slice(0, 8));
      await page.getByRole('option', { name: option.label, exact: true }).click();
    } else if (field.kind === 'radio') {
      await page.locator(`input[type="radio"][name="${name}"][value="${value}"]`).check();
    } else {
      await page.locator(`#field-${name}`).fill(value);
    }
  }
}

/** Every control of the values still holds what was typed or chosen. */
export async function expectValuesKept(page: Page, definition: FormDefinition, values: FormValues): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    const field = definition.fields.find((candidate) => candidate.name === name);
    if (field?.kind === 'select') {
      // react-select keeps the chosen option's value in its hidden input named after the field.
      await expect(page.locator(`input[type="hidden"][name="${name}"]`)).toHaveValue(value);
    } else if (field?.kind === 'radio') {
      await expect(page.locator(`input[type="radio"][name="${name}"][value="${value}"]`)).toBeChecked();
    } else {
      await expect(page.locator(`#field-${name}`)).toHaveValue(value);
    }
  }
}

/** Leaves each field empty-handed so the form shows its errors (validation runs on blur). */
export async function touchFields(page: Page, names: readonly string[]): Promise<void> {
  for (const name of names) {
    await page.locator(`#field-${name}`).focus();
    await page.locator(`#field-${name}`).blur();
  }
}

/** The multipart body of a request as text parts and files. */
export async function multipartParts(request: Request): Promise<{ text: Record<string, string>; files: Record<string, { name: string; content: string }> }> {
  const body = request.postDataBuffer();
  const contentType = request.headers()['content-type'] ?? '';
  const form = await new Response(body ? new Uint8Array(body) : null, { headers: { 'content-type': contentType } }).formData();
  const text: Record<string, string> = {};
  const files: Record<string, { name: string; content: string }> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') text[name] = value;
    else files[name] = { name: value.name, content: await value.text() };
  }
  return { text, files };
}

export const toast = (page: Page, text: string) => page.locator('.Toastify [role="alert"]', { hasText: text });
