import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ProjectGrantsForm from '@/forms/ProjectGrantsForm';
import { control, renderPage } from './harness';

describe('a select that the applicant leaves as react-select arrives', () => {
  it('is marked as left, so its error shows', async () => {
    renderPage(<ProjectGrantsForm />, '/applicants/project-grants/apply');
    // One scope: React renders nothing of what is scheduled inside it until it ends, as a busy phone
    // would leave the swap's render for later while the applicant presses Tab.
    await act(async () => {
      control('country').focus();
      await import('@/forms/kit/SelectControl');
      await new Promise((resolve) => setTimeout(resolve, 0));
      (document.activeElement as HTMLElement).blur();
    });
    expect(await screen.findByText('Country is required.')).toBeVisible();
  });
});
