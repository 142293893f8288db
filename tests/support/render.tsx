import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { FormSystem } from '@/forms/kit/FormSystem';

/** Renders inside the forms' design system, as the apply pages do. */
export function renderWithSystem(ui: ReactElement) {
  return render(<FormSystem>{ui}</FormSystem>);
}
