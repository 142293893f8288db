import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CharacterCounter } from '@/forms/kit/CharacterCounter';
import { system } from '@/theme';

const counter = (length: number) => (
  <ChakraProvider value={system}>
    <CharacterCounter id="count" length={length} max={100} />
  </ChakraProvider>
);

const liveRegion = () => document.querySelector('[aria-live="polite"]');

describe('CharacterCounter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the count against the cap, and says nothing while far from it', () => {
    render(<CharacterCounter id="count" length={12} max={255} />);
    expect(screen.getByText(/12 \/ 255/)).toHaveAttribute('id', 'count');
    expect(liveRegion()).toHaveTextContent('');
  });

  it('announces near and over the cap, at most once per interval with the latest count', () => {
    const { rerender } = render(counter(10));
    rerender(counter(95));
    act(() => vi.advanceTimersByTime(0));
    expect(liveRegion()).toHaveTextContent('5 characters left.');

    rerender(counter(97));
    rerender(counter(103));
    act(() => vi.advanceTimersByTime(500));
    expect(liveRegion(), 'not yet: the last announcement was moments ago').toHaveTextContent('5 characters left.');
    act(() => vi.advanceTimersByTime(1500));
    expect(liveRegion()).toHaveTextContent('3 characters over the limit of 100.');
    expect(screen.getByText(/103 \/ 100/)).toBeInTheDocument();
  });

  it('speaks the page\'s language: Spanish words and grouping in the applicant portal', () => {
    const { rerender } = render(<CharacterCounter id="count" length={10} max={32768} language="es" />);
    expect(screen.getByText(/10 \/ 32\.768/)).toHaveTextContent('10 / 32.768 caracteres');
    rerender(<CharacterCounter id="count" length={32767} max={32768} language="es" />);
    act(() => vi.advanceTimersByTime(0));
    expect(liveRegion()).toHaveTextContent('1 carácter disponible.');
    rerender(<CharacterCounter id="count" length={32770} max={32768} language="es" />);
    act(() => vi.advanceTimersByTime(1500));
    expect(liveRegion()).toHaveTextContent('2 caracteres por encima del límite de 32.768.');
  });
});
