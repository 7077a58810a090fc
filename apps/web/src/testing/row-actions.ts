import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Opens a row's "Actions for …" menu and chooses one of its items (components/ui/RowActions). */
export async function chooseRowAction(user: UserEvent, rowLabel: string, action: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${rowLabel}` }));
  await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: action }));
}
