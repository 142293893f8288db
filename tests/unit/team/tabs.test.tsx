import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tabs } from '@/team/kit/Tabs';

const tabs = [
  { value: 'a', label: 'Project Grants' },
  { value: 'b', label: 'Small Grants' },
  { value: 'c', label: 'Office Hours' },
] as const;

function Example() {
  const [value, setValue] = useState<'a' | 'b' | 'c'>('a');
  return (
    <Tabs label="Programas" tabs={tabs} value={value} onChange={setValue}>
      <p>Lista de {value}</p>
    </Tabs>
  );
}

describe('the team’s tabs (the inbox’s programmes)', () => {
  it('moves the focus with the arrow keys, Home and End, and chooses a tab only with Enter or Space (manual activation)', async () => {
    const user = userEvent.setup();
    render(<Example />);
    expect(screen.getByRole('tablist', { name: 'Programas' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'Project Grants' })).toHaveTextContent('Lista de a');
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Project Grants' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Small Grants' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Project Grants' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('tab', { name: 'Small Grants' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Small Grants' })).toHaveTextContent('Lista de b');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Office Hours' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Project Grants' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{Home} ');
    expect(screen.getByRole('tab', { name: 'Project Grants' })).toHaveAttribute('aria-selected', 'true');
    // Only the chosen tab is in the Tab order: Tab leaves the list for the panel.
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Project Grants' })).toHaveFocus();
  });
});
