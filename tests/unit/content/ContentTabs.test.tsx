import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ContentTabs } from '@/components/content/ContentTabs';

const tabs = ['Resumen', 'Bitcoin', 'Ethereum'].map((label) => ({
  label,
  title: `Módulo ${label}`,
  blocks: [{ kind: 'paragraph' as const, text: `Contenido de ${label}` }],
}));

describe('ContentTabs', () => {
  it('shows the first panel and mounts the others only once chosen', async () => {
    const user = userEvent.setup();
    render(<ContentTabs label="Módulos del curso" tabs={tabs} />);
    expect(screen.getByRole('tablist', { name: 'Módulos del curso' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Resumen' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Resumen' })).toHaveTextContent('Contenido de Resumen');
    expect(screen.queryByText('Contenido de Bitcoin')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Bitcoin' }));
    expect(screen.getByRole('tab', { name: 'Bitcoin' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Resumen' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel', { name: 'Bitcoin' })).toHaveTextContent('Contenido de Bitcoin');
    // The panel seen before stays mounted, hidden.
    expect(screen.getByText('Contenido de Resumen')).not.toBeVisible();
  });

  it('moves between tabs with the arrow keys, Home and End, wrapping at the ends', async () => {
    const user = userEvent.setup();
    render(<ContentTabs label="Módulos del curso" tabs={tabs} />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Resumen' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Ethereum' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Ethereum' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Resumen' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Ethereum' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Resumen' })).toHaveFocus();
    // Only the selected tab is in the Tab order.
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
  });
});
