import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import ProjectGrantsForm from '@/forms/ProjectGrantsForm';
import type * as CharacterCounterModule from '@/forms/kit/CharacterCounter';
import type * as FieldShellModule from '@/forms/kit/FieldShell';
import { control, renderPage } from './harness';

// Every field renders through FieldShell and every capped field's count through CharacterCounter:
// counting their calls counts what a keystroke re-renders.
const renders = vi.hoisted(() => ({ shells: 0, counters: 0 }));
vi.mock('@/forms/kit/FieldShell', async (importOriginal) => {
  const original = await importOriginal<typeof FieldShellModule>();
  return { FieldShell: (props: Parameters<typeof original.FieldShell>[0]) => (renders.shells++, original.FieldShell(props)) };
});
vi.mock('@/forms/kit/CharacterCounter', async (importOriginal) => {
  const original = await importOriginal<typeof CharacterCounterModule>();
  return { CharacterCounter: (props: Parameters<typeof original.CharacterCounter>[0]) => (renders.counters++, original.CharacterCounter(props)) };
});

describe('a keystroke in the project grants form', () => {
  it('re-renders its own counter and no field', async () => {
    const page = renderPage(<ProjectGrantsForm />, '/applicants/project-grants/apply');
    await page.user.click(control('projectName'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    renders.shells = 0;
    renders.counters = 0;
    await page.user.keyboard('Nodo');
    expect(renders.counters).toBe(4);
    expect(renders.shells).toBe(0);
  });
});
