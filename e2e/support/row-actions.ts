import type { Locator, Page } from '@playwright/test';

/**
 * Opens a row's "Actions for …" menu (components/ui/RowActions) and chooses one of its items.
 * `scope` is the row or the page that holds the button.
 */
export async function chooseRowAction(
  scope: Page | Locator,
  rowLabel: string,
  action: string,
): Promise<void> {
  await scope.getByRole('button', { name: `Actions for ${rowLabel}`, exact: true }).click();
  const page = 'page' in scope ? scope.page() : scope;
  await page
    .getByRole('menu', { name: `Actions for ${rowLabel}` })
    .getByRole('menuitem', { name: action, exact: true })
    .click();
}
