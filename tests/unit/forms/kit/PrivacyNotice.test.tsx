import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { officeHours, projectGrants, granteeFinance } from '@/forms/definitions';

/** The notice as a build with these settings renders it (facts are read when the module loads). */
async function renderNotice(definition: typeof projectGrants, env: Record<string, string> = {}) {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.resetModules();
  const { PrivacyNotice } = await import('@/forms/kit/PrivacyNotice');
  render(<PrivacyNotice definition={definition} />);
  return screen.getByRole('complementary', { name: 'Your data' });
}

describe('PrivacyNotice', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('says what is kept, the configured period and how to ask, with the site contact address', async () => {
    const notice = await renderNotice(projectGrants, { NEXT_PUBLIC_PROJECT_GRANTS_RETENTION: '6 months', NEXT_PUBLIC_CONTACT_EMAIL: 'privacidad@academia.example' });
    expect(notice).toHaveTextContent('We keep what you send in this form, including the file you upload, to review your request');
    expect(notice).toHaveTextContent('If your application is rejected or withdrawn, we erase it 6 months after that decision; otherwise we keep it until you ask us to erase it.');
    expect(notice).toHaveTextContent('To see, correct or erase what we hold about you, write to privacidad@academia.example');
    expect(within(notice).getByRole('link', { name: 'privacidad@academia.example' })).toHaveAttribute('href', 'mailto:privacidad@academia.example');
    expect(within(notice).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', 'https://academy.example.org/privacidad/');
  });

  it('invents no period when none is configured: it says nothing is erased automatically', async () => {
    const notice = await renderNotice(officeHours);
    expect(notice).toHaveTextContent('We keep your application until you ask us to erase it: no automatic deletion period is set for this programme.');
    expect(notice).not.toHaveTextContent(/file you upload|\d+ (second|minute|hour|day|week|month|year)/);
    expect(notice).toHaveTextContent('write to hola@example.org');
  });

  it('a single unit reads in the singular', async () => {
    const notice = await renderNotice(officeHours, { NEXT_PUBLIC_OFFICE_HOURS_RETENTION: '1 year' });
    expect(notice).toHaveTextContent('we erase it 1 year after that decision');
  });

  it('on the grantee finance form: payment details are kept encrypted, every version, never erased automatically', async () => {
    const notice = await renderNotice(granteeFinance, { NEXT_PUBLIC_PROJECT_GRANTS_RETENTION: '6 months' });
    expect(notice).toHaveTextContent('to pay your grant');
    expect(notice).toHaveTextContent('Every version you send is kept, encrypted; none is erased automatically, only when you ask us to.');
    expect(notice).not.toHaveTextContent('6 months');
  });
});
