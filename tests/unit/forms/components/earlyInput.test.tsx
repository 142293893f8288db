import { act, type ReactElement } from 'react';
import { RouterContext } from 'next/dist/shared/lib/router-context.shared-runtime';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import OfficeHoursForm from '@/forms/OfficeHoursForm';
import ProjectGrantsForm from '@/forms/ProjectGrantsForm';
import { control, fakeRouter, renderPage } from './harness';

function withRouter(ui: ReactElement, pathname: string): ReactElement {
  return <RouterContext.Provider value={fakeRouter(pathname)}>{ui}</RouterContext.Provider>;
}

const exported: HTMLElement[] = [];

/** The exported HTML of a form, in the document as the browser shows it before the page's scripts run. */
function exportedPage(ui: ReactElement): HTMLDivElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  document.body.append(container);
  exported.push(container);
  return container;
}

/** The country select once the real one has replaced its stand-in (no longer read-only). */
const loadedCountrySelect = () =>
  waitFor(
    () => {
      const real = screen.getByRole('combobox', { name: /Country/ });
      expect(real).not.toHaveAttribute('readonly');
      return real;
    },
    { timeout: 5000 },
  );

describe('what the applicant does before the form is live', { timeout: 30_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    for (const page of exported.splice(0)) page.remove();
  });

  it('keeps a radio chosen before hydration, and reveals what that choice reveals', async () => {
    const ui = withRouter(<OfficeHoursForm />, '/applicants/office-hours/apply');
    const container = exportedPage(ui);
    expect(container.querySelector('#field-company')).toBeNull();
    // Chosen, and a name typed, in the exported HTML, before any script ran.
    (container.querySelector('input[type="radio"][value="Team"]') as HTMLInputElement).checked = true;
    (container.querySelector('#field-firstName') as HTMLInputElement).value = 'Ana';

    await act(async () => {
      hydrateRoot(container, ui);
    });

    const group = screen.getByRole('radiogroup', { name: /Are you applying as an individual or as a team/ });
    expect(within(group).getByRole('radio', { name: 'Team' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Individual' })).not.toBeChecked();
    expect(await screen.findByRole('textbox', { name: /Organization name/ })).toBeVisible();
    expect(control('firstName')).toHaveValue('Ana');
  });

  it('opens the select on a key pressed while it is still loading, with the search typed meanwhile', async () => {
    renderPage(<ProjectGrantsForm />, '/applicants/project-grants/apply');
    const standIn = control('country');
    // Focus and keys in one go: the select's chunk cannot have arrived between them.
    act(() => {
      standIn.focus();
      for (const key of ['A', 'r', 'g']) fireEvent.keyDown(standIn, { key });
    });
    expect(standIn).toHaveValue('Arg');

    const listbox = await screen.findByRole('listbox', {}, { timeout: 5000 });
    expect(within(listbox).getByRole('option', { name: 'Argentina' })).toBeVisible();
    expect(within(listbox).queryByRole('option', { name: 'Brazil' })).toBeNull();
    expect(screen.getByRole('combobox', { name: /Country/ })).toHaveValue('Arg');
  });

  it('ends a search typed while the select loads as typing it into the loaded select does: the first match highlighted', async () => {
    renderPage(<ProjectGrantsForm />, '/applicants/project-grants/apply');
    const standIn = control('country');
    act(() => {
      standIn.focus();
      for (const key of 'Argentina') fireEvent.keyDown(standIn, { key });
    });

    const listbox = await screen.findByRole('listbox', {}, { timeout: 5000 });
    const combobox = screen.getByRole('combobox', { name: /Country/ });
    expect(combobox).toHaveValue('Argentina');
    const highlighted = combobox.getAttribute('aria-activedescendant');
    expect(highlighted, 'an option is highlighted').toBeTruthy();
    expect(within(listbox).getByRole('option', { name: 'Argentina' })).toHaveAttribute('id', highlighted);
  });

  it('chooses what was typed when Enter follows a whole word, all before the select arrived', async () => {
    renderPage(<ProjectGrantsForm />, '/applicants/project-grants/apply');
    const standIn = control('country');
    act(() => {
      standIn.focus();
      for (const key of [...'Argentina', 'Enter']) fireEvent.keyDown(standIn, { key });
    });

    const combobox = await loadedCountrySelect();
    // The form holds Argentina's code; the select shows its name, the menu closed.
    await waitFor(() => expect(document.querySelector('input[type="hidden"][name="country"]')).toHaveValue('AR'));
    expect(combobox.closest('[class$="-container"]')).toHaveTextContent('Argentina');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens the select on ArrowDown pressed while it is still loading, with its first option highlighted', async () => {
    renderPage(<ProjectGrantsForm />, '/applicants/project-grants/apply');
    const standIn = control('timezone');
    act(() => {
      standIn.focus();
      fireEvent.keyDown(standIn, { key: 'ArrowDown' });
    });
    const listbox = await screen.findByRole('listbox', {}, { timeout: 5000 });
    const first = within(listbox).getAllByRole('option')[0];
    expect(screen.getByRole('combobox', { name: /time zone/i })).toHaveAttribute('aria-activedescendant', first?.id);
  });

  it('drops a search typed on the stand-in when the applicant leaves it, as react-select does', async () => {
    renderPage(<ProjectGrantsForm />, '/applicants/project-grants/apply');
    const standIn = control('country');
    act(() => {
      standIn.focus();
      for (const key of 'Arg') fireEvent.keyDown(standIn, { key });
      standIn.blur();
    });
    expect(standIn).toHaveValue('');

    act(() => standIn.focus());
    const combobox = await loadedCountrySelect();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(combobox).toHaveValue('');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('takes a file chosen in the plain file input even when the drop area replaced it while the file dialog was open', async () => {
    const ui = withRouter(<ProjectGrantsForm />, '/applicants/project-grants/apply');
    const container = exportedPage(ui);
    const dialogOpenedOn = container.querySelector('#field-uploadProposal') as HTMLInputElement;
    expect(dialogOpenedOn).toBeEnabled();

    // The page hydrates and the drop area takes the input's place while the dialog is open.
    await act(async () => {
      hydrateRoot(container, ui);
    });
    await screen.findByText(/Drag and drop your proposal here/, {}, { timeout: 5000 });
    expect(dialogOpenedOn.isConnected).toBe(false);

    // The dialog closes with a file, on the input it was opened from.
    const chosen = new File(['%PDF-1.4 early'], 'propuesta.pdf', { type: 'application/pdf' });
    Object.defineProperty(dialogOpenedOn, 'files', { value: [chosen] });
    act(() => {
      dialogOpenedOn.dispatchEvent(new Event('change'));
    });

    expect(await screen.findByTestId('uploaded-file')).toHaveTextContent('propuesta.pdf');
  });
});
