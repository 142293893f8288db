import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Faq } from '@/components/content/Faq';

const items = [
  { question: '¿Office Hours tiene algún costo?', answer: ['No. Las sesiones son gratuitas.'] },
  { question: '¿Puedo pedir más de una sesión?', answer: ['Sí, envía una nueva solicitud.'] },
];

describe('Faq', () => {
  it('starts collapsed and toggles each answer with its question button', async () => {
    const user = userEvent.setup();
    render(<Faq items={items} />);
    const first = screen.getByRole('button', { name: '¿Office Hours tiene algún costo?' });
    const second = screen.getByRole('button', { name: '¿Puedo pedir más de una sesión?' });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('No. Las sesiones son gratuitas.')).not.toBeVisible();

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    const answer = document.getElementById(first.getAttribute('aria-controls') ?? '');
    expect(answer).toHaveTextContent('No. Las sesiones son gratuitas.');
    expect(answer).toBeVisible();
    // Opening one question leaves the others as they were.
    expect(second).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Sí, envía una nueva solicitud.')).not.toBeVisible();

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(answer).not.toBeVisible();
  });

  it('opens from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Faq items={items} />);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: '¿Office Hours tiene algún costo?' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('No. Las sesiones son gratuitas.')).toBeVisible();
  });
});
