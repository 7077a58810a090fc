import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createUser, signInWithToken } from './support/users';

const PUBLIC_PAGES = [
  { path: '/', heading: 'Take control of your money' },
  { path: '/login', heading: 'Welcome Back' },
  { path: '/register', heading: 'Create Account' },
  { path: '/contact', heading: 'Contact us' },
];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    for (const { path, heading } of PUBLIC_PAGES) {
      test(`${path} has no serious accessibility violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test('/setup has no serious accessibility violations', async ({ page, request }) => {
      const user = await createUser(request, { completeSetup: false, label: `a11y-${theme}` });
      await signInWithToken(page, user.token);
      await page.goto('/setup');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Welcome to Moneta!' }),
      ).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
