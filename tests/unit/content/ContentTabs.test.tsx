import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentTabs } from '@/components/content/ContentTabs';
import { enhanceTabs } from '@/light/tabs';

const tabs = ['Resumen', 'Bitcoin', 'Ethereum'].map((label) => ({
  id: `temario-${label.toLowerCase()}`,
  label,
  title: `Módulo ${label}`,
  blocks: [{ kind: 'paragraph' as const, text: `Contenido de ${label}` }],
}));

/** The tabs as the built page has them, then as src/light/tabs.ts leaves them. */
function renderEnhanced() {
  render(<ContentTabs label="Módulos del curso" tabs={tabs} />);
  enhanceTabs(document);
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('ContentTabs', () => {
  it('without scripts: links to their panels, every panel in the page', () => {
    render(<ContentTabs label="Módulos del curso" tabs={tabs} />);
    const links = screen.getByRole('navigation', { name: 'Módulos del curso' }).querySelectorAll('a');
    expect(Array.from(links, (link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Resumen', '#temario-resumen'],
      ['Bitcoin', '#temario-bitcoin'],
      ['Ethereum', '#temario-ethereum'],
    ]);
    for (const tab of tabs) expect(document.getElementById(tab.id)).toHaveTextContent(`Contenido de ${tab.label}`);
  });

  it('with the script: shows the first panel, and the chosen tab\'s panel without leaving the place', async () => {
    const user = userEvent.setup();
    renderEnhanced();
    expect(screen.getByRole('tablist', { name: 'Módulos del curso' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Resumen' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Resumen' })).toHaveTextContent('Contenido de Resumen');
    expect(screen.getByText('Contenido de Bitcoin')).not.toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Bitcoin' }));
    expect(screen.getByRole('tab', { name: 'Bitcoin' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Bitcoin' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Resumen' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel', { name: 'Bitcoin' })).toHaveTextContent('Contenido de Bitcoin');
    expect(screen.getByText('Contenido de Resumen')).not.toBeVisible();
    // The link's fragment is not followed: the address stays, and the page does not jump to the panel.
    expect(window.location.hash).toBe('');
  });

  it('moves between tabs with the arrow keys, Home and End, wrapping at the ends', async () => {
    const user = userEvent.setup();
    renderEnhanced();
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Resumen' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Ethereum' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Ethereum' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Contenido de Ethereum')).toBeVisible();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Resumen' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Ethereum' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Resumen' })).toHaveFocus();
    // Only the selected tab is in the Tab order; Tab goes on to its panel.
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Resumen' })).toHaveFocus();
  });

  it('opens on the panel an address names (a link shared from the page without scripts)', () => {
    window.history.replaceState(null, '', '/cursos/desde-cero/#temario-ethereum');
    renderEnhanced();
    expect(screen.getByRole('tab', { name: 'Ethereum' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Contenido de Ethereum')).toBeVisible();
    expect(screen.getByText('Contenido de Resumen')).not.toBeVisible();
  });

  it('upgrades once, however often the script runs: one key press moves one tab', async () => {
    const user = userEvent.setup();
    renderEnhanced();
    enhanceTabs(document);
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Bitcoin' })).toHaveAttribute('aria-selected', 'true');
  });
});
