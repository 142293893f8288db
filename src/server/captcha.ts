/**
 * Server-side check of a reCAPTCHA token with the provider's siteverify endpoint
 * (RECAPTCHA_VERIFY_URL; tests point it at a local fake). There is no path that skips it.
 */

export type CaptchaVerdict = 'passed' | 'failed' | 'unavailable';
export type CaptchaVerifier = (token: string, clientAddress: string) => Promise<CaptchaVerdict>;

function isSiteverifyAnswer(body: unknown): body is { success: boolean } {
  return typeof body === 'object' && body !== null && typeof (body as { success?: unknown }).success === 'boolean';
}

export function createCaptchaVerifier(options: { secret: string; verifyUrl: string; timeoutMs?: number }): CaptchaVerifier {
  const timeoutMs = options.timeoutMs ?? 5000;
  return async (token, clientAddress) => {
    let response: Response;
    try {
      response = await fetch(options.verifyUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: options.secret, response: token, remoteip: clientAddress }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      return 'unavailable';
    }
    if (!response.ok) return 'unavailable';
    const body: unknown = await response.json().catch(() => null);
    if (!isSiteverifyAnswer(body)) return 'unavailable';
    return body.success ? 'passed' : 'failed';
  };
}
