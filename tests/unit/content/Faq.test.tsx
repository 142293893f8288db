import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Faq } from '@/components/content/Faq';

const items = [
  { question: '¿Office Hours tiene algún costo?', answer: ['No. Las sesiones son gratuitas.'] },
  { question: '¿Puedo pedir más de una sesión?', answer: ['Sí, envía una nueva solicitud.'] },
];

/** The question's row the visitor clicks: the <summary> around its heading. */
const question = (text: string) => screen.getByRole('heading', { level: 3, name: text }).closest('summary') as HTMLElement;

// The FAQ needs no script: native <details>, whose <summary> holds the question's heading.
describe('Faq', () => {
  it('starts collapsed and toggles each answer with its question', async () => {
    const user = userEvent.setup();
    render(<Faq items={items} />);
    const first = question('¿Office Hours tiene algún costo?');
    expect(screen.getByText('No. Las sesiones son gratuitas.')).not.toBeVisible();
    expect(screen.getByText('Sí, envía una nueva solicitud.')).not.toBeVisible();

    await user.click(first);
    expect(screen.getByText('No. Las sesiones son gratuitas.')).toBeVisible();
    // Opening one question leaves the others as they were.
    expect(screen.getByText('Sí, envía una nueva solicitud.')).not.toBeVisible();

    await user.click(first);
    expect(screen.getByText('No. Las sesiones son gratuitas.')).not.toBeVisible();
  });

  it('keeps each question a level-3 heading, and each question in the Tab order', async () => {
    const user = userEvent.setup();
    render(<Faq items={items} />);
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(items.map((item) => item.question));
    await user.tab();
    expect(question('¿Office Hours tiene algún costo?')).toHaveFocus();
    await user.tab();
    expect(question('¿Puedo pedir más de una sesión?')).toHaveFocus();
  });
});
